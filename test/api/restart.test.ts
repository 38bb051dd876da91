/**
 * Durability (docs/architecture.md): the commits on disk are the truth. A server restarted on the
 * same data folder knows every player and game as before, and a game whose first commit is
 * missing is worked out from its meta.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DeleteItemCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalServer } from '../../functions/local/server.js';
import { keys } from '../../functions/store/keys.js';
import { dataOf, testClient, textOf, type Player } from '../support/client.js';
import { HighCardGame } from '../support/high-card-game.js';
import { startTestServer } from '../support/local.js';
import { LOCAL_TABLE } from '../../functions/local/server.js';

let dataDir: string;
let server: LocalServer | undefined;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'railpost-restart-'));
});
afterAll(async () => {
  await server?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** The same player (same token) talking to another server. */
function reconnect(p: Player, url: string): Player {
  return Object.assign(testClient(url).as(p.token), { playerId: p.playerId, token: p.token });
}

/** Everything each player can read about the game and themselves. */
async function readAll(game: HighCardGame) {
  const { params } = game;
  return Promise.all(
    game.players.map(async (p) => ({
      me: dataOf(await p.GET('/v1/players/me')),
      games: dataOf(await p.GET('/v1/games')).items,
      game: dataOf(await p.GET('/v1/games/{id}', { params })),
      view: dataOf(await p.GET('/v1/games/{id}/view', { params })),
      log: dataOf(await p.GET('/v1/games/{id}/log', { params })),
    })),
  );
}

function db(s: LocalServer): DynamoDBClient {
  return s.db;
}

describe('restarting the server on the same data folder', () => {
  // Two server starts and a whole game, every answer checked against the document: 16 s on a busy
  // machine, so more than the default 30 s when the CI machine is busier still.
  it(
    'keeps tokens, games, versions, views and logs exactly as they were, and play continues to the end',
    { timeout: 120_000 },
    async () => {
      server = await startTestServer({ dataDir });
      const api = testClient(server.url);
      const players = [await api.newPlayer('Ada'), await api.newPlayer('Bo'), await api.newPlayer('Cy')];
      const first = await HighCardGame.create(players, { bots: 1, options: { rounds: 2, handSize: 3 } });
      await first.toPlayPhase();
      const committed = await first.act(1); // one secret commitment (HC-3) made, others pending
      expect(committed.toAct).toEqual([0, 2]);
      const replayKey = 'before-restart';
      const v0 = await first.view(0);
      const keyedAction = v0.legalActions[0]!;
      const keyed = await first.post(0, keyedAction, v0.version, replayKey);
      expect(keyed.response.status, textOf(keyed)).toBe(200);
      const before = await readAll(first);
      expect(before[0]!.game.status).toBe('active');
      expect(before[0]!.game.version).toBeGreaterThan(0);

      await server.close();
      server = undefined;
      server = await startTestServer({ dataDir });
      const url = server.url;
      const game = new HighCardGame(
        first.id,
        first.inviteCode,
        players.map((p) => reconnect(p, url)),
        first.seats,
      );

      expect(await readAll(game)).toEqual(before);
      // The idempotency record survived too: the retry is answered as before, appending nothing.
      const retried = await game.post(0, keyedAction, v0.version, replayKey);
      expect(retried.response.status).toBe(200);
      expect(retried.response.headers.get('idempotent-replayed')).toBe('true');
      expect(retried.data).toEqual(keyed.data);
      expect(await readAll(game)).toEqual(before);

      const end = await game.playToEnd();
      expect(end.toAct).toEqual([]);
      const summary = dataOf(await game.summary(2));
      expect(summary.status).toBe('finished');
      const exported = dataOf(await game.seat(0).GET('/v1/games/{id}/export', { params: game.params }));
      expect(createHash('sha256').update(exported.seed).digest('hex')).toBe(before[0]!.game.seedCommitment);
      expect(exported.actions).toHaveLength(summary.version);
    },
  );
});

describe('a game whose start commit was never written', () => {
  it('is worked out from its meta at version 0: view, game, list and log are the same, and play goes on to the end', async () => {
    const s = (server ??= await startTestServer({ dataDir }));
    const api = testClient(s.url);
    const game = await HighCardGame.create([await api.newPlayer('Hd0'), await api.newPlayer('Hd1')], {
      options: { rounds: 2, handSize: 3 },
    });
    const before = await readAll(game);
    expect(before[0]!.game.version).toBe(0);
    // A join that died between its meta write (the game is active) and the commit that starts the game leaves exactly this.
    await db(s).send(
      new DeleteItemCommand({
        TableName: LOCAL_TABLE,
        Key: { pk: { S: keys.game(game.id) }, sk: { S: keys.commit(0) } },
      }),
    );
    expect(await readAll(game)).toEqual(before);
    const end = await game.playToEnd();
    expect(end.toAct).toEqual([]);
    const log = dataOf(await game.seat(0).GET('/v1/games/{id}/log', { params: game.params }));
    expect(log.entries.map((e) => e.version)).toEqual(Array.from({ length: end.version }, (_, i) => i + 1));
    const first = await game.seat(0).GET('/v1/games/{id}/view', { params: { ...game.params, query: { version: 1 } } });
    expect(first.response.status, textOf(first)).toBe(200);
  });
});
