/**
 * The registries of games are written from the manifests (`npm run games`): each written file
 * must be what the manifests give now, so a game added, removed or changed in its manifest alone
 * fails here until the registries follow.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generatedFiles, loadManifests } from '../scripts/games/generate.js';
import { ROOT } from './support/imports.js';

const files = [...(await generatedFiles(ROOT))];

describe('the registries derived from the manifests', () => {
  it.each(files)('%s is up to date with the manifests (npm run games)', (file, text) => {
    expect(readFileSync(join(ROOT, file), 'utf8')).toBe(text);
  });

  it('finds a manifest in every game folder (a folder with an index.ts)', async () => {
    const games = join(ROOT, 'engine/games');
    const folders = readdirSync(games).filter((d) => existsSync(join(games, d, 'index.ts')));
    expect(folders.length).toBeGreaterThan(3);
    expect((await loadManifests(ROOT)).map((m) => m.id).sort()).toEqual(folders.sort());
  });
});
