UNWIND $rows AS row
MATCH (a:Section {id: row.source_id})
MATCH (b:Section {id: row.target_id})
MERGE (a)-[:NEXT]->(b)
