// Shortest paths between two entities over the caller's tenant's relations (at most 4 hops).
MATCH p = allShortestPaths((a:Entity {id: $source_id})-[:RELATED_TO*..4]-(b:Entity {id: $target_id}))
WHERE all(r IN relationships(p) WHERE $tenant IS NULL OR r.tenant = $tenant)
RETURN [n IN nodes(p) | n.id] AS ids, [n IN nodes(p) | n.name] AS names,
       [r IN relationships(p) | r.type] AS types, [r IN relationships(p) | r.chunk_ids] AS evidence
LIMIT $limit
