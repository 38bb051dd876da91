import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { openApiDocumentText } from '../functions/api/openapi-document.js';
import { asyncApiDocumentText } from '../functions/api/streams/asyncapi-document.js';
import { openApiTypesText } from './support/openapi-types.js';

const document = openApiDocumentText();
// Written together, from one text, so the typed client never drifts from the document.
for (const [file, text] of [
  ['openapi.json', document],
  ['openapi.d.ts', await openApiTypesText(document)],
  ['asyncapi.yaml', asyncApiDocumentText()],
] as const) {
  const target = fileURLToPath(new URL(`../api-spec/${file}`, import.meta.url));
  writeFileSync(target, text);
  console.log(`wrote ${target}`);
}
