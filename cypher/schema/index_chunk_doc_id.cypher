CREATE INDEX chunk_doc_id IF NOT EXISTS FOR (n:Chunk) ON (n.doc_id)
