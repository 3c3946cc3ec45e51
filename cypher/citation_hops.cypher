// The citation hop: from each seed chunk to the sections its text cites, and to those
// sections' chunks the caller may see. Access holds on seed and target.
MATCH (s:Chunk)-[:CITES]->(t:Section)<-[:PARENT]-(c:Chunk)
WHERE s.id IN $ids AND c.id <> s.id AND ($tenant IS NULL OR s.tenant = $tenant) AND ($visibility IS NULL OR s.visibility IN $visibility) AND ($groups IS NULL OR size(s.acl) = 0 OR any(g IN s.acl WHERE g IN $groups)) AND ($tenant IS NULL OR c.tenant = $tenant) AND ($visibility IS NULL OR c.visibility IN $visibility) AND ($groups IS NULL OR size(c.acl) = 0 OR any(g IN c.acl WHERE g IN $groups))
RETURN s.id AS seed, t.id AS entity_id, c.doc_id AS doc_id, c.id AS id, c.ordinal AS ordinal
ORDER BY seed, ordinal, id
LIMIT $limit
