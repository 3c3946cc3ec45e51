// The documents the caller may see that one of $names names: by id, source path or the path
// citations show.
MATCH (d:Document)
WHERE (d.id IN $names OR d.source IN $names OR d.path IN $names)
  AND ($tenant IS NULL OR d.tenant = $tenant) AND ($visibility IS NULL OR d.visibility IN $visibility) AND ($groups IS NULL OR size(d.acl) = 0 OR any(g IN d.acl WHERE g IN $groups))
OPTIONAL MATCH (c:Chunk {doc_id: d.id})
WITH d, count(c) AS chunks
RETURN properties(d) AS doc, chunks
ORDER BY d.source
