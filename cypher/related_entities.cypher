// One hop over RELATED_TO from a frontier of entities, strongest edges first, skipping hubs and
// edges that no chunk the caller may see states (another tenant's, a hidden document's).
MATCH (e:Entity)-[r:RELATED_TO]-(o:Entity)
WHERE e.id IN $entity_ids AND NOT o.id IN $exclude
  AND ($tenant IS NULL OR r.tenant = $tenant)
  AND COUNT { (o)<-[:MENTIONS]-(:Chunk) } <= $max_degree
  AND EXISTS {
    MATCH (x:Chunk)
    WHERE x.id IN r.chunk_ids AND ($tenant IS NULL OR x.tenant = $tenant) AND ($visibility IS NULL OR x.visibility IN $visibility) AND ($groups IS NULL OR size(x.acl) = 0 OR any(g IN x.acl WHERE g IN $groups))
  }
WITH e, o, r
ORDER BY r.weight DESC
WITH e, collect({id: o.id, name: o.name, type: o.type, aliases: o.aliases, rel: r.type,
                 weight: r.weight, outgoing: startNode(r) = e})[..$per_entity] AS hits
UNWIND hits AS h
RETURN e.id AS source, h.id AS id, h.name AS name, h.type AS type, h.aliases AS aliases,
       h.rel AS rel, h.weight AS weight, h.outgoing AS outgoing
