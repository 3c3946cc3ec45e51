// Entities as a caller may see them: only those mentioned in a chunk the caller may see, with
// the surface forms those chunks use (names from hidden documents never leave the store).
MATCH (e:Entity)<-[m:MENTIONS]-(c:Chunk)
WHERE e.id IN $entity_ids AND ($tenant IS NULL OR c.tenant = $tenant) AND ($visibility IS NULL OR c.visibility IN $visibility) AND ($groups IS NULL OR size(c.acl) = 0 OR any(g IN c.acl WHERE g IN $groups))
RETURN e.id AS id, e.name AS name, e.type AS type, e.tenant AS tenant,
       collect(m.surface) AS surfaces, collect(m.count) AS counts
