// Who refers to these documents: chunks of other documents whose text cites one of their
// sections ("die §§ 5 bis 7 des Kündigungsschutzgesetzes gelten entsprechend"), with the
// section cited. The cited documents were chosen among those the caller may see; access holds
// on every citing chunk.
MATCH (c:Chunk)-[:CITES]->(t:Section)
WHERE t.doc_id IN $doc_ids AND NOT c.doc_id IN $doc_ids AND ($tenant IS NULL OR c.tenant = $tenant) AND ($visibility IS NULL OR c.visibility IN $visibility) AND ($groups IS NULL OR size(c.acl) = 0 OR any(g IN c.acl WHERE g IN $groups))
RETURN c.id AS id, c.doc_id AS doc_id, t.id AS section_id, t.title AS section
ORDER BY doc_id, id, section_id
LIMIT $limit
