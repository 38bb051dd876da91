/**
 * The commit dictionaries (functions/store/dictionaries): append-only data, each exactly the bytes
 * its hash names (commits written with one decode only with those bytes), one for every catalog game,
 * and worth it: a typical commit of each game, over a seeded game at its largest table, fits one
 * write unit (at most 1024 bytes by DynamoDB's size rule). The p90 is printed; `npm run bench store`
 * reports both per table size (scripts/bench/commit-bytes.ts).
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { catalogGames } from '../../engine/games/index.js';
import { commitItem, parseCommit } from '../../functions/store/commit-item.js';
import { all } from '../../functions/store/dictionaries/index.js';
import { dictionaryFor } from '../../functions/store/dictionaries/registry.js';
import { itemSize } from '../../functions/store/item-size.js';
import { seededCommits } from '../../scripts/support/seeded-commits.js';
import { median, percentile } from '../../scripts/bench/stats.js';

describe('commit dictionaries', () => {
  it('are each the bytes their sha256 names, under ids used once', () => {
    for (const d of all)
      expect(createHash('sha256').update(Buffer.from(d.base64, 'base64')).digest('hex'), `${d.game} ${d.id}`).toBe(
        d.sha256,
      );
    expect(new Set(all.map((d) => d.id)).size).toBe(all.length);
  });

  it('cover every catalog game', () => {
    for (const game of catalogGames) expect(dictionaryFor(game.id), game.id).not.toBeNull();
  });

  it.each(catalogGames.map((g) => [g.id, g] as const))(
    'a typical commit of %s is one write unit (median item size <= 1024 bytes) and reads back as written',
    (id, game) => {
      const commits = seededCommits(game, game.maxPlayers, 'commit-size-test');
      const sizes = commits.map((c) => itemSize(commitItem('abcdefghijklmnop', c, id)));
      console.log(
        `${id} ${game.maxPlayers}p: ${commits.length} commits, median ${median(sizes)}, p90 ${percentile(sizes, 0.9)} bytes`,
      );
      expect(median(sizes)).toBeLessThanOrEqual(1024);
      for (const c of commits.filter((_, i) => i % 10 === 0)) expect(parseCommit(commitItem('g', c, id))).toEqual(c);
    },
  );
});
