// Lints Cypher files with Neo4j's own parser and semantic analyser.
// Usage: node lint.mjs SCHEMA.json FILE...   (SCHEMA: labels, relationshipTypes, propertyKeys,
// parameters, slots). Prints one JSON object: {"files": {path: [diagnostics]}, "errors": n}.
import { readFileSync } from 'node:fs';
import { lintCypherQuery, testData } from '@neo4j-cypher/language-support';

const [schemaPath, ...files] = process.argv.slice(2);
const declared = JSON.parse(readFileSync(schemaPath, 'utf8'));
const schema = {
  labels: declared.labels,
  relationshipTypes: declared.relationshipTypes,
  propertyKeys: declared.propertyKeys,
  parameters: declared.parameters,
  functions: testData.mockSchema.functions,
  procedures: testData.mockSchema.procedures,
};

// {{slot}} placeholders are filled from the allowlists, and every filling is linted.
function expand(text) {
  const match = text.match(/\{\{(\w+)\}\}/);
  if (!match) return [text];
  const values = declared.slots[match[1]] ?? [];
  if (values.length === 0) return [text];
  return values.flatMap((v) => expand(text.split(match[0]).join(v)));
}

const out = { files: {}, errors: 0 };
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  const diagnostics = [];
  for (const variant of expand(text)) {
    for (const d of lintCypherQuery(variant, schema).diagnostics) {
      const entry = {
        severity: d.severity === 1 ? 'error' : 'warning',
        line: d.range.start.line + 1,
        column: d.range.start.character + 1,
        message: d.message.split('\n')[0],
      };
      if (entry.severity === 'error') out.errors += 1;
      diagnostics.push(entry);
    }
  }
  out.files[file] = diagnostics;
}
console.log(JSON.stringify(out));
