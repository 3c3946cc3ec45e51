// The documents ABOUT the question's entities, and their chunks the caller may see: the opening
// chunk and any of $candidates (the chunks the hybrid search found).
MATCH (e:Entity)<-[:ABOUT]-(d:Document)
WHERE e.id IN $entity_ids
MATCH (c:Chunk {doc_id: d.id})
WHERE (c.ordinal = 0 OR c.id IN $candidates) AND ($tenant IS NULL OR c.tenant = $tenant) AND ($visibility IS NULL OR c.visibility IN $visibility) AND ($groups IS NULL OR size(c.acl) = 0 OR any(g IN c.acl WHERE g IN $groups))
RETURN e.id AS entity_id, d.id AS doc_id, c.id AS id, c.ordinal AS ordinal
ORDER BY entity_id, id
LIMIT $limit
