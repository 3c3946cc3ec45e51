// The citation hop backwards: chunks among $candidates (what the hybrid search found) whose
// text cites the section a seed chunk belongs to ("§ 7 ... (§ 4 Satz 1, §§ 5 und 6)" for a
// seed in § 4). Access holds on seed and citer.
MATCH (c:Chunk)-[:CITES]->(t:Section)<-[:PARENT]-(s:Chunk)
WHERE s.id IN $ids AND c.id IN $candidates AND c.id <> s.id AND ($tenant IS NULL OR s.tenant = $tenant) AND ($visibility IS NULL OR s.visibility IN $visibility) AND ($groups IS NULL OR size(s.acl) = 0 OR any(g IN s.acl WHERE g IN $groups)) AND ($tenant IS NULL OR c.tenant = $tenant) AND ($visibility IS NULL OR c.visibility IN $visibility) AND ($groups IS NULL OR size(c.acl) = 0 OR any(g IN c.acl WHERE g IN $groups))
RETURN s.id AS seed, t.id AS entity_id, c.doc_id AS doc_id, c.id AS id, c.ordinal AS ordinal
ORDER BY seed, id
LIMIT $limit
