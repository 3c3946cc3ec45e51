// All chunks with their document's title, a page at a time (evaluation baselines, exports).
MATCH (c:Chunk)
WITH c
ORDER BY c.id
SKIP $skip
LIMIT $limit
MATCH (d:Document {id: c.doc_id})
RETURN c.id AS id, c.doc_id AS doc_id, c.text AS text, c.section_path AS section_path,
       c.language AS language, d.title AS title
