UNWIND $rows AS row
MATCH (a:Document {id: row.source_id})
MATCH (b:Document {id: row.target_id})
MERGE (a)-[:REFERENCES]->(b)
