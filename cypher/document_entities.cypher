// Entities a document's chunks mention: candidates for orphan removal after the delete.
MATCH (c:Chunk {doc_id: $doc_id})-[:MENTIONS]->(e:Entity)
RETURN DISTINCT e.id AS id
