// Other chunks of each seed's own section, nearest in reading order first, at most $per_seed.
MATCH (s:Chunk)
WHERE s.id IN $ids AND ($tenant IS NULL OR s.tenant = $tenant) AND ($visibility IS NULL OR s.visibility IN $visibility) AND ($groups IS NULL OR size(s.acl) = 0 OR any(g IN s.acl WHERE g IN $groups))
MATCH (s)-[:PARENT]->(sec:Section)<-[:PARENT]-(n:Chunk)
WHERE n.id <> s.id AND ($tenant IS NULL OR n.tenant = $tenant) AND ($visibility IS NULL OR n.visibility IN $visibility) AND ($groups IS NULL OR size(n.acl) = 0 OR any(g IN n.acl WHERE g IN $groups))
WITH s, sec, n, abs(n.ordinal - s.ordinal) AS gap
ORDER BY gap
WITH s, sec, collect(n.id)[..$per_seed] AS ids
UNWIND ids AS id
RETURN s.id AS seed, sec.id AS section_id, id
