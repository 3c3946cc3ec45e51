// How many chunks and documents the caller may see mention one entity.
MATCH (e:Entity {id: $entity_id})<-[:MENTIONS]-(c:Chunk)
WHERE ($tenant IS NULL OR c.tenant = $tenant) AND ($visibility IS NULL OR c.visibility IN $visibility) AND ($groups IS NULL OR size(c.acl) = 0 OR any(g IN c.acl WHERE g IN $groups))
RETURN count(DISTINCT c) AS chunks, count(DISTINCT c.doc_id) AS documents
