// Nested sections: (:Section)-[:PARENT]->(:Section)
UNWIND $rows AS row
MATCH (s:Section {id: row.id})
MATCH (p:Section {id: row.parent_id})
MERGE (s)-[:PARENT]->(p)
