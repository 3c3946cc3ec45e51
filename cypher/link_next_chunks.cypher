UNWIND $rows AS row
MATCH (a:Chunk {id: row.source_id})
MATCH (b:Chunk {id: row.target_id})
MERGE (a)-[:NEXT]->(b)
