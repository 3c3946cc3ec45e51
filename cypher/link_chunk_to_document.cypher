// Chunks before the first heading hang directly under their document.
UNWIND $rows AS row
MATCH (c:Chunk {id: row.id})
MATCH (d:Document {id: row.doc_id})
MERGE (c)-[:PARENT]->(d)
