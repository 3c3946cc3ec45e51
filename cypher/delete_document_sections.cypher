MATCH (s:Section {doc_id: $doc_id})
DETACH DELETE s
RETURN count(s) AS deleted
