// Documents by id; every property comes from the row's flat property map.
UNWIND $rows AS row
MERGE (d:Document {id: row.id})
SET d += row.props
