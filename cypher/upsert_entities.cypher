// The resolver hands over the full alias list, so SET (not append) keeps re-runs idempotent.
UNWIND $rows AS row
MERGE (e:Entity {id: row.id})
SET e.name = row.name, e.type = row.type, e.aliases = row.aliases, e.tenant = row.tenant
