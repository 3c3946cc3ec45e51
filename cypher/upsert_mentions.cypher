// One map SET: measurably cheaper on ArcadeDB than two property SETs.
UNWIND $rows AS row
MATCH (c:Chunk {id: row.chunk_id})
MATCH (e:Entity {id: row.entity_id})
MERGE (c)-[m:MENTIONS]->(e)
SET m += {count: row.count, surface: row.surface}
