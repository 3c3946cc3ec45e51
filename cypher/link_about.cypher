// A document is the home of the entities its names name: (:Document)-[:ABOUT]->(:Entity).
UNWIND $rows AS row
MATCH (d:Document {id: row.doc_id})
MATCH (e:Entity {id: row.entity_id})
MERGE (d)-[:ABOUT]->(e)
