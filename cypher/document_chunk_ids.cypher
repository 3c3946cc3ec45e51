// The chunk ids of these documents, to reconcile them with the vector store.
MATCH (c:Chunk)
WHERE c.doc_id IN $doc_ids
RETURN c.doc_id AS doc_id, collect(c.id) AS ids
