// A document's sections in reading order, with how many chunks each holds and the pages they
// span; nothing when the caller may not see the document.
MATCH (d:Document {id: $doc_id})
WHERE ($tenant IS NULL OR d.tenant = $tenant) AND ($visibility IS NULL OR d.visibility IN $visibility) AND ($groups IS NULL OR size(d.acl) = 0 OR any(g IN d.acl WHERE g IN $groups))
MATCH (s:Section {doc_id: d.id})
OPTIONAL MATCH (c:Chunk {section_id: s.id})
RETURN s.id AS id, s.parent_id AS parent_id, s.title AS title, s.level AS level, s.path AS path,
       s.ordinal AS ordinal, s.page_start AS page_start, count(c) AS chunks,
       max(c.page_end) AS page_end
ORDER BY ordinal
