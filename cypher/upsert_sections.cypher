UNWIND $rows AS row
MERGE (s:Section {id: row.id})
SET s += row.props
