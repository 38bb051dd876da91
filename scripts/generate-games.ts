import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generatedFiles } from './games/generate.js';

const root = fileURLToPath(new URL('..', import.meta.url));
for (const [file, text] of await generatedFiles(root)) {
  writeFileSync(join(root, file), text);
  console.log(`wrote ${file}`);
}
