MATCH (d:Document)
WHERE ($tenant IS NULL OR d.tenant = $tenant) AND ($visibility IS NULL OR d.visibility IN $visibility) AND ($groups IS NULL OR size(d.acl) = 0 OR any(g IN d.acl WHERE g IN $groups))
OPTIONAL MATCH (c:Chunk {doc_id: d.id})
WITH d, count(c) AS chunks
RETURN properties(d) AS doc, chunks
ORDER BY d.source
