// Entities nobody mentions any more; entities shared with other documents stay.
MATCH (e:Entity)
WHERE e.id IN $entity_ids AND NOT (e)<-[:MENTIONS]-(:Chunk)
DETACH DELETE e
RETURN count(e) AS deleted
