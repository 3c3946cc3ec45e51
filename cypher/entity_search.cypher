// Entities of the caller's tenant whose name or an alias contains $q (lower case), with the
// forms, counts, chunks and documents of their mentions in chunks the caller may see. The
// caller's code keeps those a visible form matches: a name known only from hidden chunks
// finds nothing.
MATCH (e:Entity)
WHERE ($tenant IS NULL OR e.tenant = $tenant)
  AND (toLower(e.name) CONTAINS $q OR any(a IN e.aliases WHERE toLower(a) CONTAINS $q))
MATCH (e)<-[m:MENTIONS]-(c:Chunk)
WHERE ($tenant IS NULL OR c.tenant = $tenant) AND ($visibility IS NULL OR c.visibility IN $visibility) AND ($groups IS NULL OR size(c.acl) = 0 OR any(g IN c.acl WHERE g IN $groups))
RETURN e.id AS id, e.name AS name, e.type AS type, e.tenant AS tenant,
       collect(m.surface) AS surfaces, collect(m.count) AS counts, count(DISTINCT c) AS chunks,
       count(DISTINCT c.doc_id) AS documents
