// Entities the given documents' chunks mention: the scope of an incremental link step.
UNWIND $rows AS row
MATCH (c:Chunk {doc_id: row.doc_id})-[:MENTIONS]->(e:Entity)
RETURN DISTINCT e.id AS id
