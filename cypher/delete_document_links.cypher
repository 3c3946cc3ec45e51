// A replaced version's links: its REFERENCES (both ways) and ABOUT edges are made again by the
// link step from what the new version says.
MATCH (d:Document {id: $doc_id})-[r:REFERENCES|ABOUT]-()
DELETE r
RETURN count(r) AS deleted
