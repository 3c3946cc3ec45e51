// One hop over RELATED_TO from a frontier of entities, strongest edges first, skipping hubs and
// edges of another tenant; the caller keeps only edges a chunk it may see states (evidence).
MATCH (e:Entity)-[r:RELATED_TO]-(o:Entity)
WHERE e.id IN $entity_ids AND NOT o.id IN $exclude
  AND ($tenant IS NULL OR r.tenant = $tenant)
  AND COUNT { (o)<-[:MENTIONS]-(:Chunk) } <= $max_degree
WITH e, o, r
ORDER BY r.weight DESC
WITH e, collect({id: o.id, name: o.name, type: o.type, aliases: o.aliases, rel: r.type,
                 weight: r.weight, outgoing: startNode(r) = e,
                 evidence: r.chunk_ids})[..$per_entity] AS hits
UNWIND hits AS h
RETURN e.id AS source, h.id AS id, h.name AS name, h.type AS type, h.aliases AS aliases,
       h.rel AS rel, h.weight AS weight, h.outgoing AS outgoing, h.evidence AS evidence
