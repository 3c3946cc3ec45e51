// Every entity with its aliases, so resolution can continue across ingestion runs.
MATCH (e:Entity)
RETURN e.id AS id, e.name AS name, e.type AS type, e.aliases AS aliases
