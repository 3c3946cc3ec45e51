// Reading-order neighbours up to $hops (at most 3) before and after each seed.
MATCH (s:Chunk)
WHERE s.id IN $ids AND ($tenant IS NULL OR s.tenant = $tenant) AND ($visibility IS NULL OR s.visibility IN $visibility) AND ($groups IS NULL OR size(s.acl) = 0 OR any(g IN s.acl WHERE g IN $groups))
MATCH p = (s)-[:NEXT*1..3]-(n:Chunk)
WHERE length(p) <= $hops AND n.id <> s.id AND n.doc_id = s.doc_id AND ($tenant IS NULL OR n.tenant = $tenant) AND ($visibility IS NULL OR n.visibility IN $visibility) AND ($groups IS NULL OR size(n.acl) = 0 OR any(g IN n.acl WHERE g IN $groups))
RETURN s.id AS seed, n.id AS id, min(length(p)) AS distance
