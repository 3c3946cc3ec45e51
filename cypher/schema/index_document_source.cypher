CREATE INDEX document_source IF NOT EXISTS FOR (n:Document) ON (n.source)
