UNWIND $rows AS row
MATCH (c:Chunk {id: row.id})
MATCH (s:Section {id: row.section_id})
MERGE (c)-[:PARENT]->(s)
