// One RELATED_TO edge per (source, target, type, tenant): the tenant lets walks skip edges whose
// evidence the caller cannot see. Evidence chunk ids are merged, weight = evidence count; a new
// edge (the common case) skips the list merge.
UNWIND $rows AS row
MATCH (a:Entity {id: row.source_id})
MATCH (b:Entity {id: row.target_id})
MERGE (a)-[r:RELATED_TO {type: row.type, tenant: row.tenant}]->(b)
ON CREATE SET r.chunk_ids = row.chunk_ids
ON MATCH SET r.chunk_ids = row.chunk_ids + [x IN r.chunk_ids WHERE NOT x IN row.chunk_ids]
SET r.weight = toFloat(size(r.chunk_ids))
