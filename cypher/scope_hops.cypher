// The scope hop: from each seed chunk to the sections of its own document whose title names a
// scope ($words, lower case: "geltungsbereich", "anwendungsbereich"), and to those sections'
// chunks the caller may see. Access holds on seed and target.
MATCH (s:Chunk)
WHERE s.id IN $ids AND ($tenant IS NULL OR s.tenant = $tenant) AND ($visibility IS NULL OR s.visibility IN $visibility) AND ($groups IS NULL OR size(s.acl) = 0 OR any(g IN s.acl WHERE g IN $groups))
MATCH (t:Section)<-[:PARENT]-(c:Chunk)
WHERE t.doc_id = s.doc_id AND any(w IN $words WHERE toLower(t.title) CONTAINS w) AND ($tenant IS NULL OR c.tenant = $tenant) AND ($visibility IS NULL OR c.visibility IN $visibility) AND ($groups IS NULL OR size(c.acl) = 0 OR any(g IN c.acl WHERE g IN $groups))
RETURN s.id AS seed, t.id AS entity_id, t.title AS title, c.doc_id AS doc_id, c.id AS id, c.ordinal AS ordinal
ORDER BY seed, ordinal, id
LIMIT $limit
