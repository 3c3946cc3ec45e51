MATCH (c:Chunk {doc_id: $doc_id})
DETACH DELETE c
RETURN count(c) AS deleted
