// The entities mentioned most in chunks the caller may see, counted, named and formed by
// those chunks only.
MATCH (e:Entity)<-[m:MENTIONS]-(c:Chunk)
WHERE ($tenant IS NULL OR c.tenant = $tenant) AND ($visibility IS NULL OR c.visibility IN $visibility) AND ($groups IS NULL OR size(c.acl) = 0 OR any(g IN c.acl WHERE g IN $groups))
WITH e, collect(m.surface) AS surfaces, collect(m.count) AS counts, count(DISTINCT c) AS chunks,
     count(DISTINCT c.doc_id) AS documents
RETURN e.id AS id, e.name AS name, e.type AS type, e.tenant AS tenant, surfaces, counts, chunks,
       documents
ORDER BY chunks DESC, id
LIMIT $limit
