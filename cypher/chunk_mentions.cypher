// The entities the given chunks mention, for the chunks the caller may see.
MATCH (c:Chunk)-[:MENTIONS]->(e:Entity)
WHERE c.id IN $ids AND ($tenant IS NULL OR c.tenant = $tenant) AND ($visibility IS NULL OR c.visibility IN $visibility) AND ($groups IS NULL OR size(c.acl) = 0 OR any(g IN c.acl WHERE g IN $groups))
RETURN c.id AS chunk_id, e.id AS entity_id
