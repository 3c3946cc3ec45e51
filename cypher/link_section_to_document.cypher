// Top-level sections: (:Section)-[:PARENT]->(:Document)
UNWIND $rows AS row
MATCH (s:Section {id: row.id})
MATCH (d:Document {id: row.doc_id})
MERGE (s)-[:PARENT]->(d)
