// After a delete, an entity keeps only the names its remaining mentions use: a full name or
// alias that only a deleted document gave is gone with it.
MATCH (e:Entity)<-[m:MENTIONS]-(:Chunk)
WHERE e.id IN $entity_ids
UNWIND m.surface AS surface
WITH e, collect(DISTINCT surface) AS surfaces
WHERE size(surfaces) > 0
SET e.aliases = surfaces,
    e.name = CASE WHEN e.name IN surfaces THEN e.name ELSE surfaces[0] END
RETURN count(e) AS refreshed
