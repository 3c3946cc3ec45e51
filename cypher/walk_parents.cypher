// The section chain above each seed, nearest first.
MATCH (s:Chunk)
WHERE s.id IN $ids AND ($tenant IS NULL OR s.tenant = $tenant) AND ($visibility IS NULL OR s.visibility IN $visibility) AND ($groups IS NULL OR size(s.acl) = 0 OR any(g IN s.acl WHERE g IN $groups))
MATCH p = (s)-[:PARENT*1..8]->(sec:Section)
RETURN s.id AS seed, sec.id AS section_id, sec.title AS title, length(p) AS depth
ORDER BY seed, depth
