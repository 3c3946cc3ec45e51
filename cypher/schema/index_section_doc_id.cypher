CREATE INDEX section_doc_id IF NOT EXISTS FOR (n:Section) ON (n.doc_id)
