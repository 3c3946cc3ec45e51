// Relations left without evidence after a delete.
MATCH (e:Entity)-[r:RELATED_TO]->(:Entity)
WHERE e.id IN $entity_ids AND size(r.chunk_ids) = 0
DELETE r
RETURN count(r) AS deleted
