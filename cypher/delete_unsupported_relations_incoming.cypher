MATCH (:Entity)-[r:RELATED_TO]->(e:Entity)
WHERE e.id IN $entity_ids AND size(r.chunk_ids) = 0
DELETE r
RETURN count(r) AS deleted
