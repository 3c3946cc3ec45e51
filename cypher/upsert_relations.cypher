// One RELATED_TO edge per (source, target, type, tenant): the tenant lets walks skip edges whose
// evidence the caller cannot see. Evidence chunk ids are merged, weight = evidence count.
UNWIND $rows AS row
MATCH (a:Entity {id: row.source_id})
MATCH (b:Entity {id: row.target_id})
MERGE (a)-[r:RELATED_TO {type: row.type, tenant: row.tenant}]->(b)
SET r.chunk_ids = row.chunk_ids + [x IN coalesce(r.chunk_ids, []) WHERE NOT x IN row.chunk_ids]
SET r.weight = toFloat(size(r.chunk_ids))
