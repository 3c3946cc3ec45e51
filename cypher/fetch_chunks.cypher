// Chunks by id, only those the caller may see, with their document's title, source and path.
MATCH (c:Chunk)
WHERE c.id IN $ids AND ($tenant IS NULL OR c.tenant = $tenant) AND ($visibility IS NULL OR c.visibility IN $visibility) AND ($groups IS NULL OR size(c.acl) = 0 OR any(g IN c.acl WHERE g IN $groups))
MATCH (d:Document {id: c.doc_id})
RETURN properties(c) AS chunk, d.title AS doc_title, d.source AS doc_source, d.path AS doc_path
