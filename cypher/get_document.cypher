MATCH (d:Document {id: $doc_id})
RETURN properties(d) AS doc
