// The sections of these documents, for resolving "§ 5" to the section headed "§ 5 ...".
MATCH (s:Section)
WHERE s.doc_id IN $doc_ids
RETURN s.id AS id, s.doc_id AS doc_id, s.title AS title, s.ordinal AS ordinal
ORDER BY doc_id, ordinal
