// Other chunks of each seed's own section within 6 reading-order steps (NEXT chains are short,
// where a section's full child list can be long), nearest first, at most $per_seed.
MATCH (s:Chunk)
WHERE s.id IN $ids AND s.section_id IS NOT NULL AND ($tenant IS NULL OR s.tenant = $tenant) AND ($visibility IS NULL OR s.visibility IN $visibility) AND ($groups IS NULL OR size(s.acl) = 0 OR any(g IN s.acl WHERE g IN $groups))
MATCH p = (s)-[:NEXT*1..6]-(n:Chunk)
WHERE length(p) > $hops AND n.section_id = s.section_id AND n.id <> s.id AND ($tenant IS NULL OR n.tenant = $tenant) AND ($visibility IS NULL OR n.visibility IN $visibility) AND ($groups IS NULL OR size(n.acl) = 0 OR any(g IN n.acl WHERE g IN $groups))
WITH s, n, min(length(p)) AS gap
ORDER BY gap
WITH s, collect(n.id)[..$per_seed] AS ids
UNWIND ids AS id
RETURN s.id AS seed, s.section_id AS section_id, id
