// The tenant's chunks whose citations the link step must resolve: those of $doc_ids (new or
// changed documents), and those naming a law in $law_keys (the laws these documents are).
MATCH (c:Chunk)
WHERE c.tenant = $tenant AND size(c.cites) > 0 AND (c.doc_id IN $doc_ids OR any(k IN c.cite_laws WHERE k IN $law_keys))
RETURN c.id AS id, c.doc_id AS doc_id, c.cites AS cites
ORDER BY id
