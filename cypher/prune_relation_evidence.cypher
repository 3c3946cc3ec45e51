// Remove a document's chunks from the evidence of the relations around its entities.
MATCH (c:Chunk {doc_id: $doc_id})
WITH collect(c.id) AS doomed
MATCH (e:Entity)-[r:RELATED_TO]-(:Entity)
WHERE e.id IN $entity_ids AND any(x IN r.chunk_ids WHERE x IN doomed)
SET r.chunk_ids = [x IN r.chunk_ids WHERE NOT x IN doomed]
SET r.weight = toFloat(size(r.chunk_ids))
