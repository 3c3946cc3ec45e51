// Reading context for answers: each anchor's neighbours up to $hops (at most 3) chunks away in
// the same section; its whole section when $whole_section and the section has at most
// $section_limit visible chunks; every chunk of a small document (at most $limit visible).
MATCH (s:Chunk)
WHERE s.id IN $ids AND ($tenant IS NULL OR s.tenant = $tenant) AND ($visibility IS NULL OR s.visibility IN $visibility) AND ($groups IS NULL OR size(s.acl) = 0 OR any(g IN s.acl WHERE g IN $groups))
OPTIONAL MATCH p = (s)-[:NEXT*1..3]-(n:Chunk)
WHERE length(p) <= $hops AND n.id <> s.id AND n.doc_id = s.doc_id AND (n.section_id = s.section_id OR (n.section_id IS NULL AND s.section_id IS NULL)) AND ($tenant IS NULL OR n.tenant = $tenant) AND ($visibility IS NULL OR n.visibility IN $visibility) AND ($groups IS NULL OR size(n.acl) = 0 OR any(g IN n.acl WHERE g IN $groups))
WITH s, collect(DISTINCT n.id) AS near
MATCH (n:Chunk {doc_id: s.doc_id})
WHERE ($tenant IS NULL OR n.tenant = $tenant) AND ($visibility IS NULL OR n.visibility IN $visibility) AND ($groups IS NULL OR size(n.acl) = 0 OR any(g IN n.acl WHERE g IN $groups))
WITH s, near, collect(n.id) AS whole, collect(CASE WHEN n.section_id = s.section_id THEN n.id END) AS section
RETURN s.id AS anchor, CASE WHEN size(whole) <= $limit THEN whole WHEN $whole_section AND size(section) <= $section_limit THEN section ELSE near END AS ids
