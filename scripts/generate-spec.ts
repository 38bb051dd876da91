import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { openApiDocumentText } from '../functions/api/openapi-document.js';

const target = fileURLToPath(new URL('../api-spec/openapi.json', import.meta.url));
writeFileSync(target, openApiDocumentText());
console.log(`wrote ${target}`);
