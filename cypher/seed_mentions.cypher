// Entities the seed chunks mention, with each entity's degree so hubs can be held back.
MATCH (s:Chunk)-[m:MENTIONS]->(e:Entity)
WHERE s.id IN $ids AND ($tenant IS NULL OR s.tenant = $tenant) AND ($visibility IS NULL OR s.visibility IN $visibility) AND ($groups IS NULL OR size(s.acl) = 0 OR any(g IN s.acl WHERE g IN $groups))
RETURN s.id AS chunk_id, e.id AS id, e.name AS name, e.type AS type, e.aliases AS aliases,
       m.count AS count, COUNT { (e)<-[:MENTIONS]-(:Chunk) } AS degree
