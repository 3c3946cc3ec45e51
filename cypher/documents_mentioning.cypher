// Which documents mention each entity (for cross-document REFERENCES).
MATCH (e:Entity)<-[:MENTIONS]-(c:Chunk)
WHERE e.id IN $entity_ids
RETURN e.id AS entity_id, collect(DISTINCT c.doc_id) AS doc_ids
