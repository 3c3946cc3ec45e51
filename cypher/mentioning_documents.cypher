// Who refers to these documents by name: chunks of other documents that mention an entity
// the documents are ABOUT (their title or abbreviation: "nach dem KSchG"), with the entity.
// The documents were chosen among those the caller may see; access holds on every chunk.
MATCH (c:Chunk)-[:MENTIONS]->(e:Entity)<-[:ABOUT]-(d:Document)
WHERE d.id IN $doc_ids AND NOT c.doc_id IN $doc_ids AND ($tenant IS NULL OR c.tenant = $tenant) AND ($visibility IS NULL OR c.visibility IN $visibility) AND ($groups IS NULL OR size(c.acl) = 0 OR any(g IN c.acl WHERE g IN $groups))
RETURN c.id AS id, c.doc_id AS doc_id, e.id AS section_id, e.name AS section
ORDER BY doc_id, id, section_id
LIMIT $limit
