// Visible chunks that mention the question's entities, most mentions first, at most $per_entity each.
MATCH (e:Entity)<-[m:MENTIONS]-(n:Chunk)
WHERE e.id IN $entity_ids AND ($tenant IS NULL OR n.tenant = $tenant) AND ($visibility IS NULL OR n.visibility IN $visibility) AND ($groups IS NULL OR size(n.acl) = 0 OR any(g IN n.acl WHERE g IN $groups))
WITH e, n, m
ORDER BY m.count DESC, n.id
WITH e, collect(n.id)[..$per_entity] AS ids
UNWIND ids AS id
RETURN e.id AS entity_id, id
