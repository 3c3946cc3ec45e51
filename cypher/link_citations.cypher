// (:Chunk)-[:CITES]->(:Section): the chunk's text cites the section (resolved by ingestion's
// link step, inside one tenant).
UNWIND $rows AS row
MATCH (c:Chunk {id: row.chunk_id})
MATCH (s:Section {id: row.section_id})
MERGE (c)-[:CITES]->(s)
