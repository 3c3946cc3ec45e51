// The reference hop: from each seed chunk through the entities it mentions to the documents
// about them, and to those documents' chunks the caller may see: the opening chunk and any
// of $candidates (the chunks the hybrid search found). Access holds on seed and target.
MATCH (s:Chunk)-[:MENTIONS]->(e:Entity)<-[:ABOUT]-(d:Document)
WHERE s.id IN $ids AND d.id <> s.doc_id AND ($tenant IS NULL OR s.tenant = $tenant) AND ($visibility IS NULL OR s.visibility IN $visibility) AND ($groups IS NULL OR size(s.acl) = 0 OR any(g IN s.acl WHERE g IN $groups))
MATCH (c:Chunk {doc_id: d.id})
WHERE (c.ordinal = 0 OR c.id IN $candidates) AND ($tenant IS NULL OR c.tenant = $tenant) AND ($visibility IS NULL OR c.visibility IN $visibility) AND ($groups IS NULL OR size(c.acl) = 0 OR any(g IN c.acl WHERE g IN $groups))
RETURN s.id AS seed, e.id AS entity_id, d.id AS doc_id, c.id AS id, c.ordinal AS ordinal
ORDER BY seed, id
LIMIT $limit
