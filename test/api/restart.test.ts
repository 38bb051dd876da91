/**
 * Durability (DESIGN.md sections 3 and 6): the log on disk is the truth. A server restarted on
 * the same data folder knows every player and game as before, and the head item is only a
 * cache: a stale head never shows through, because readers fold the log forward.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetItemCommand, PutItemCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalServer } from '../../functions/local/server.js';
import { keys } from '../../functions/store/keys.js';
import { ApiClient, type Player } from '../support/client.js';
import { HighCardGame } from '../support/high-card-game.js';
import { startTestServer } from '../support/local.js';

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
  return Object.assign(new ApiClient(url, p.token), { playerId: p.playerId, token: p.token });
}

/** Everything each player can read about the game and themselves. */
async function readAll(game: HighCardGame) {
  return Promise.all(
    game.players.map(async (p) => ({
      me: (await p.get('/v1/players/me')).body,
      games: (await p.get('/v1/games')).body,
      game: (await p.get(game.path)).body,
      view: (await p.get(`${game.path}/view`)).body,
      log: (await p.get(`${game.path}/log`)).body,
    })),
  );
}

function db(s: LocalServer): DynamoDBClient {
  return s.services.table['db'] as DynamoDBClient;
}

const headKey = (gameId: string) => ({ pk: { S: keys.game(gameId) }, sk: { S: keys.head } });

describe('restarting the server on the same data folder', () => {
  it('keeps tokens, games, versions, views and logs exactly as they were, and play continues to the end', async () => {
    server = await startTestServer(dataDir);
    const api = new ApiClient(server.url);
    const players = [await api.newPlayer('Ada'), await api.newPlayer('Bo'), await api.newPlayer('Cy')];
    const first = await HighCardGame.create(players, { bots: 1, options: { rounds: 2, handSize: 3 } });
    await first.toPlayPhase();
    const committed = await first.act(1); // one secret commitment (HC-3) made, others pending
    expect(committed.toAct).toEqual([0, 2]);
    const replayKey = { 'Idempotency-Key': 'before-restart' };
    const v0 = await first.view(0);
    const keyedAction = v0.legalActions[0];
    const keyed = await first.post(0, keyedAction, v0.version, replayKey);
    expect(keyed.status, keyed.text).toBe(200);
    const before = await readAll(first);
    expect(before[0]!.game.status).toBe('active');
    expect(before[0]!.game.version).toBeGreaterThan(0);

    await server.close();
    server = undefined;
    server = await startTestServer(dataDir);
    const url = server.url;
    const game = new HighCardGame(first.id, first.inviteCode, players.map((p) => reconnect(p, url)), first.seats);

    expect(await readAll(game)).toEqual(before);
    // The idempotency record survived too: the retry is answered as before, appending nothing.
    const retried = await game.post(0, keyedAction, v0.version, replayKey);
    expect(retried.status).toBe(200);
    expect(retried.headers.get('idempotent-replayed')).toBe('true');
    expect(retried.body).toEqual(keyed.body);
    expect(await readAll(game)).toEqual(before);

    const end = await game.playToEnd();
    expect(end.toAct).toEqual([]);
    const summary = (await game.summary(2)).body;
    expect(summary.status).toBe('finished');
    const exported = (await game.seat(0).get(`${game.path}/export`)).body;
    expect(createHash('sha256').update(exported.seed).digest('hex')).toBe(before[0]!.game.seedCommitment);
    expect(exported.actions).toHaveLength(summary.version);
  });
});

describe('the head item is only a cache', () => {
  it('with a stale HEAD put back (older version), view, game and log still show the latest version, found by folding the log forward', async () => {
    const s = (server ??= await startTestServer(dataDir));
    const api = new ApiClient(s.url);
    const game = await HighCardGame.create([await api.newPlayer('Hd0'), await api.newPlayer('Hd1')], { options: { rounds: 2, handSize: 3 } });
    await game.act(0);
    const old = await db(s).send(new GetItemCommand({ TableName: s.services.table.tableName, Key: headKey(game.id), ConsistentRead: true }));
    expect(old.Item?.version?.N).toBe('1');
    // Several moves later, into the simultaneous play phase (HC-3).
    await game.toPlayPhase();
    await game.act(1);
    const latest = await readAll(game);
    const latestVersion = latest[0]!.game.version as number;
    expect(latestVersion).toBe(3);

    // A writer that died between its append and its head refresh leaves exactly this behind.
    await db(s).send(new PutItemCommand({ TableName: s.services.table.tableName, Item: old.Item! }));
    const stale = await db(s).send(new GetItemCommand({ TableName: s.services.table.tableName, Key: headKey(game.id), ConsistentRead: true }));
    expect(stale.Item?.version?.N).toBe('1');

    for (const [seat, p] of game.players.entries()) {
      const view = await p.get(`${game.path}/view`);
      expect(view.body).toEqual(latest[seat]!.view);
      expect((await p.get(game.path)).body).toEqual(latest[seat]!.game);
      expect((await p.get(`${game.path}/log`)).body).toEqual(latest[seat]!.log);
    }
  });

  it('with a stale HEAD, a post at the head’s old version is 409 with the real currentVersion, and a post at the latest version is accepted', async () => {
    const s = (server ??= await startTestServer(dataDir));
    const api = new ApiClient(s.url);
    const game = await HighCardGame.create([await api.newPlayer('Hw0'), await api.newPlayer('Hw1')], { options: { rounds: 2, handSize: 3 } });
    await game.act(0);
    const old = await db(s).send(new GetItemCommand({ TableName: s.services.table.tableName, Key: headKey(game.id), ConsistentRead: true }));
    await game.act(1);
    await game.act(0); // play phase (HC-3): seat 0 has committed, seat 1 is due at version 3
    await db(s).send(new PutItemCommand({ TableName: s.services.table.tableName, Item: old.Item! }));

    const atOld = await game.post(1, { type: 'pass' }, 1);
    expect(atOld.status, atOld.text).toBe(409);
    expect(atOld.body).toMatchObject({ code: 'stale_version', currentVersion: 3 });
    const hand = (await game.view(1)).view.hand!;
    const ok = await game.post(1, { type: 'play', card: hand[0] }, 3);
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.version).toBe(4);
    const log = (await game.seat(0).get(`${game.path}/log`)).body;
    expect(log.entries.map((e: { version: number }) => e.version)).toEqual([1, 2, 3, 4]);
  });
});
