/**
 * How a commit is packed on DynamoDB (functions/store/commit-item.ts): deflated with its game's
 * preset dictionary, which `dv` names; commits written before dictionaries (no `dv`) still decode;
 * and what a retried keyed request finds its first answer by (the request's fingerprint, each seat's
 * recent keys) comes back as written.
 */
import { deflateRawSync } from 'node:zlib';
import { PutItemCommand } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { catalog } from '../../../engine/games/index.js';
import { n, s } from '../../../functions/store/attributes.js';
import { packedJson } from '../../../functions/store/commit-item.js';
import { dictionaryFor } from '../../../functions/store/dictionaries/registry.js';
import { itemSize } from '../../../functions/store/item-size.js';
import { keys } from '../../../functions/store/keys.js';
import { seededCommits } from '../../../scripts/support/seeded-commits.js';
import type { Harness } from './backends.js';
import { DynamoProbe } from './dynamo-probe.js';
import { FIXTURE_GAME, gameMeta, uid } from './fixtures.js';

const GAME = 'vlaky-na-trati';
const commits = seededCommits(catalog[GAME].game, 2, 'conformance-packing', 'vs-bots');

export function commitPackingSuite(h: Harness): void {
  const d = new DynamoProbe(h);

  describe('commit packing (preset dictionaries)', () => {
    it("deflates a catalog game's commit with the game's newest dictionary, names it in dv, and reads it back as written", async () => {
      const id = `packed-${uid()}`;
      await h.table.putMeta(gameMeta(id, { game: GAME }));
      const written = commits[3]!;
      const before = d.calls.length;
      await h.table.putCommit(id, written, GAME);
      const [put] = d.callsOf('PutItemCommand', before);
      expect(put!.input.Item.dv).toEqual(n(dictionaryFor(GAME)!.id));
      expect(itemSize(put!.input.Item)).toBeLessThanOrEqual(1024);
      expect(await h.table.getCommit(id, written.key)).toEqual(written);
      expect((await h.table.readGame(id))?.latest).toEqual(written);
    });

    it('decodes a commit written before dictionaries (plain deflate, no dv)', async () => {
      const id = `legacy-${uid()}`;
      const written = commits[4]!;
      await d.client.send(
        new PutItemCommand({
          TableName: d.tableName,
          Item: {
            pk: s(keys.game(id)),
            sk: s(keys.commit(written.key)),
            v: n(written.version),
            due: s(JSON.stringify(written.toAct)),
            d: { B: deflateRawSync(packedJson(written)) },
            rq: s(written.request!.key),
            rh: s(written.request!.hash),
          },
        }),
      );
      expect(await h.table.getCommit(id, written.key)).toEqual(written);
    });

    it('writes a game without a dictionary (a fixture game) as before: plain deflate, no dv', async () => {
      const id = `plain-${uid()}`;
      const written = commits[5]!;
      const before = d.calls.length;
      await h.table.putCommit(id, written, FIXTURE_GAME);
      const [put] = d.callsOf('PutItemCommand', before);
      expect(put!.input.Item.dv).toBeUndefined();
      expect(await h.table.getCommit(id, written.key)).toEqual(written);
    });

    it('keeps what a retried keyed request is answered by: the request fingerprint and each seat’s recent key', async () => {
      const id = `retry-${uid()}`;
      await h.table.putMeta(gameMeta(id, { game: GAME }));
      const [first, second] = commits.slice(6, 8);
      await h.table.putCommit(id, first!, GAME);
      await h.table.putCommit(id, second!, GAME);
      const latest = (await h.table.readGame(id))?.latest;
      expect(latest?.request).toEqual(second!.request);
      expect(latest?.recentKeys[0]).toEqual({ key: second!.request!.key.slice(0, 8), commit: second!.key });
      expect((await h.table.getCommit(id, first!.key))?.request).toEqual(first!.request);
    });
  });
}
