// A tenant's entities with their aliases, so resolution continues across ingestion runs
// ($tenant null: every tenant's, for the operator).
MATCH (e:Entity)
WHERE $tenant IS NULL OR e.tenant = $tenant
RETURN e.id AS id, e.name AS name, e.type AS type, e.aliases AS aliases, e.tenant AS tenant
