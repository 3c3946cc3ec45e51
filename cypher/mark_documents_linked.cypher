// The link step is done for these documents (see Document.links_pending).
UNWIND $rows AS row
MATCH (d:Document {id: row.doc_id})
SET d.links_pending = false
