UNWIND $rows AS row
MERGE (c:Chunk {id: row.id})
SET c += row.props
