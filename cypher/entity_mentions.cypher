// The chunks the caller may see that mention one entity, with their document and place, in
// reading order.
MATCH (e:Entity {id: $entity_id})<-[m:MENTIONS]-(c:Chunk)
WHERE ($tenant IS NULL OR c.tenant = $tenant) AND ($visibility IS NULL OR c.visibility IN $visibility) AND ($groups IS NULL OR size(c.acl) = 0 OR any(g IN c.acl WHERE g IN $groups))
MATCH (d:Document {id: c.doc_id})
RETURN c.id AS chunk_id, c.doc_id AS doc_id, d.title AS title, d.path AS path,
       c.section_path AS section, c.page_start AS page, c.ordinal AS ordinal, m.surface AS surface,
       c.text AS text
ORDER BY title, doc_id, ordinal
LIMIT $limit
