/**
 * Resign, abort, rematch and take-backs through the API, on the high-card
 * fixture: a pass (HC-2) reveals nothing and may be taken back, a draw (HC-2, a secret card) may not.
 */
import { UpdateItemCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { highCard } from '../../engine/fixtures/high-card.js';
import { startLocalServer, type LocalServer } from '../../functions/local/server.js';
import { TOKEN_TRUST_MS } from '../../functions/service/players.js';
import { keys } from '../../functions/store/keys.js';
import { dataOf, problemOf, testClient, type Api, type Player } from '../support/client.js';
import { HighCardGame, storedGame } from '../support/high-card-game.js';
import { RAISED_LIMITS, testRegistry } from '../support/local.js';
import { LOCAL_TABLE } from '../../functions/local/server.js';

let clock = Date.parse('2026-11-02T08:00:00.000Z');
let server: LocalServer;
let api: Api;

beforeAll(async () => {
  server = await startLocalServer({
    registry: testRegistry(),
    limits: RAISED_LIMITS,
    sweepMs: 0,
    now: () => new Date(clock),
  });
  api = testClient(server.url);
});
afterAll(() => server.close());

const pass = (legal: { type: string }[]) => legal.find((a) => a.type === 'pass');
const draw = (legal: { type: string }[]) => legal.find((a) => a.type === 'draw');

async function duel(rounds = 1): Promise<HighCardGame> {
  return HighCardGame.start(api, 2, { options: { rounds, handSize: 2 }, prefix: 'F' });
}

async function summary(g: HighCardGame, seat = 0) {
  return dataOf(await g.summary(seat));
}

describe('take-backs', () => {
  it('a pass is taken back once the other player accepts: a new version whose state is the one before it; the log keeps the request, the answer and the undo', async () => {
    const g = await duel();
    const before = await g.view(0);
    expect(before.version).toBe(0);
    await g.act(0, pass);
    expect((await summary(g, 0)).canTakeBack).toBe(true);
    expect((await summary(g, 1)).canTakeBack).toBe(false);
    const asked = dataOf(
      await g.seat(0).POST('/v1/games/{id}/takeback', { params: g.params, body: { expectedVersion: 1 } }),
    );
    expect(asked.takeback).toEqual({ seat: 0, undoes: 1, requestedAt: 2, accepted: [], waitingFor: [1] });
    expect(asked.version).toBe(2);
    const undone = dataOf(
      await g.seat(1).POST('/v1/games/{id}/takeback/accept', { params: g.params, body: { expectedVersion: 2 } }),
    );
    expect(undone.version).toBe(4);
    expect(undone.takeback).toBeUndefined();
    expect(undone.toAct).toEqual([0]);
    const after = await g.view(0);
    expect({ ...after, version: 0 }).toEqual(before);
    const log = dataOf(await g.seat(1).GET('/v1/games/{id}/log', { params: g.params }));
    expect(log.entries.map((e) => [e.version, e.events[0]?.type])).toEqual([
      [1, 'pass'],
      [2, 'takeback_requested'],
      [3, 'takeback_accepted'],
      [4, 'taken_back'],
    ]);
    expect(log.entries.at(-1)).toMatchObject({ platform: true, action: { type: 'take_back', to: 0 } });
  });

  it('a refused take-back changes no game state and ends the request; a move ends a pending one', async () => {
    const g = await duel();
    await g.act(0, pass);
    const state = await g.view(1);
    await g.seat(0).POST('/v1/games/{id}/takeback', { params: g.params, body: { expectedVersion: 1 } });
    const refused = dataOf(
      await g.seat(1).POST('/v1/games/{id}/takeback/refuse', { params: g.params, body: { expectedVersion: 2 } }),
    );
    expect(refused.takeback).toBeUndefined();
    expect(refused.version).toBe(3);
    expect({ ...(await g.view(1)), version: 1 }).toEqual(state);
    // One may ask again; a move by the other player ends the request.
    await g.seat(0).POST('/v1/games/{id}/takeback', { params: g.params, body: { expectedVersion: 3 } });
    await g.act(1, pass);
    const s = await summary(g);
    expect(s.takeback).toBeUndefined();
    expect(
      problemOf(
        await g
          .seat(1)
          .POST('/v1/games/{id}/takeback/accept', { params: g.params, body: { expectedVersion: s.version } }),
      ).code,
    ).toBe('no_takeback');
  });

  it('a draw (a secret card, HC-2) cannot be taken back: 409 takeback_not_allowed, and nothing is written', async () => {
    const g = await duel();
    await g.act(0, draw);
    expect((await summary(g)).canTakeBack).toBe(false);
    const stored = await storedGame(server, g.id);
    const refused = await g.seat(0).POST('/v1/games/{id}/takeback', { params: g.params, body: { expectedVersion: 1 } });
    expect(refused.response.status).toBe(409);
    expect(problemOf(refused).code).toBe('takeback_not_allowed');
    expect(await storedGame(server, g.id)).toEqual(stored);
  });

  it('one request at a time; the asker cannot answer it; an answer at an old version is 409 stale_version', async () => {
    const g = await duel();
    await g.act(0, pass);
    await g.seat(0).POST('/v1/games/{id}/takeback', { params: g.params, body: { expectedVersion: 1 } });
    expect(
      problemOf(await g.seat(0).POST('/v1/games/{id}/takeback', { params: g.params, body: { expectedVersion: 2 } }))
        .code,
    ).toBe('takeback_pending');
    expect(
      problemOf(
        await g.seat(0).POST('/v1/games/{id}/takeback/accept', { params: g.params, body: { expectedVersion: 2 } }),
      ).code,
    ).toBe('own_takeback');
    expect(
      problemOf(
        await g.seat(1).POST('/v1/games/{id}/takeback/accept', { params: g.params, body: { expectedVersion: 1 } }),
      ).code,
    ).toBe('stale_version');
  });

  it('RP-TB-1: a take-back only while your action is the last of any person: once the other player moved, 409 takeback_not_allowed and nothing is written; theirs may be taken back', async () => {
    const g = await duel();
    await g.act(0, pass);
    await g.act(1, pass);
    expect((await summary(g, 0)).canTakeBack).toBe(false);
    expect((await summary(g, 1)).canTakeBack).toBe(true);
    const stored = await storedGame(server, g.id);
    const refused = await g.seat(0).POST('/v1/games/{id}/takeback', { params: g.params, body: { expectedVersion: 2 } });
    expect([refused.response.status, problemOf(refused).code]).toEqual([409, 'takeback_not_allowed']);
    expect(await storedGame(server, g.id)).toEqual(stored);
    const asked = dataOf(
      await g.seat(1).POST('/v1/games/{id}/takeback', { params: g.params, body: { expectedVersion: 2 } }),
    );
    expect(asked.takeback).toMatchObject({ seat: 1, undoes: 2, waitingFor: [0] });
  });

  it('bots accept at once: only the seated people are asked', async () => {
    const g = await HighCardGame.start(api, 2, { bots: 1, options: { rounds: 1, handSize: 2 }, prefix: 'Trio' });
    const start = await g.view(0);
    await g.act(0, pass);
    const asked = dataOf(
      await g.seat(0).POST('/v1/games/{id}/takeback', { params: g.params, body: { expectedVersion: 1 } }),
    );
    expect(asked.takeback?.waitingFor).toEqual([1]);
    const undone = dataOf(
      await g.seat(1).POST('/v1/games/{id}/takeback/accept', { params: g.params, body: { expectedVersion: 2 } }),
    );
    expect(undone.takeback).toBeUndefined();
    expect({ ...(await g.view(0)), version: start.version }).toEqual(start);
  });

  it('the export of a game with an accepted take-back replays to every version exactly as the server shows it', async () => {
    const g = await duel();
    await g.act(0, pass);
    await g.seat(0).POST('/v1/games/{id}/takeback', { params: g.params, body: { expectedVersion: 1 } });
    await g.seat(1).POST('/v1/games/{id}/takeback/accept', { params: g.params, body: { expectedVersion: 2 } });
    await g.playToEnd();
    const exported = dataOf(await g.seat(0).GET('/v1/games/{id}/export', { params: g.params }));
    expect(exported.actions.filter((a) => a.platform).map((a) => a.action.type)).toEqual([
      'request_takeback',
      'accept_takeback',
      'take_back',
    ]);
    const options = highCard.options.parse(exported.options);
    const states = [highCard.setup({ seed: exported.seed, players: exported.players.length, options })];
    for (const a of exported.actions) {
      const last = states.at(-1)!;
      if (a.action.type === 'take_back' && a.platform) states.push(states[Number(a.action.to)]!);
      else if (a.platform || a.forfeit) states.push(last);
      else states.push(highCard.apply(last, a.seat, a.action as Parameters<typeof highCard.apply>[2]).state);
    }
    const finalVersion = (await g.view(0)).version;
    expect(states.length - 1).toBe(finalVersion);
    for (let version = 0; version <= finalVersion; version++) {
      const shown = dataOf(await g.seat(0).GET('/v1/games/{id}/view', { params: { ...g.params, query: { version } } }));
      expect(shown.view, `version ${version}`).toEqual(highCard.view(states[version]!, 'all'));
    }
  });
});

describe('resign, abort, rematch', () => {
  it('resigning ranks the seat as a forfeit; with one seat left standing the game ends', async () => {
    const g = await duel();
    const resigned = dataOf(await g.seat(1).POST('/v1/games/{id}/resign', { params: g.params }));
    expect(resigned.status).toBe('finished');
    expect(resigned.seats[1]!.forfeited).toBe(true);
    expect(resigned.outcome?.ranking).toEqual([1, 2]);
    const log = dataOf(await g.seat(0).GET('/v1/games/{id}/log', { params: g.params }));
    expect(log.entries.at(-1)).toMatchObject({ seat: 1, forfeit: true, bot: false });
    expect(log.entries.at(-1)).not.toHaveProperty('timeout');
    expect(problemOf(await g.seat(0).POST('/v1/games/{id}/resign', { params: g.params })).code).toBe('game_over');
  });

  it('aborting while no seat has made a second action: status aborted, no outcome, the export published', async () => {
    const g = await duel();
    await g.act(0, pass);
    await g.act(1, pass);
    expect((await summary(g)).abortable).toBe(true);
    const aborted = dataOf(await g.seat(1).POST('/v1/games/{id}/abort', { params: g.params }));
    expect(aborted.status).toBe('aborted');
    expect(aborted.outcome).toBeUndefined();
    expect(aborted.toAct).toEqual([]);
    const listed = dataOf(await g.seat(0).GET('/v1/games', { params: { query: { status: 'aborted' } } }));
    expect(listed.items.map((i) => i.id)).toContain(g.id);
    expect(dataOf(await g.seat(0).GET('/v1/games/{id}/export', { params: g.params })).outcome).toBeNull();
    expect(
      problemOf(
        await g
          .seat(0)
          .POST('/v1/games/{id}/actions', { params: g.params, body: { action: { type: 'pass' }, expectedVersion: 3 } }),
      ).code,
    ).toBe('game_over');
  });

  it('after a seat’s second action: 409 abort_window_closed, and nothing is written', async () => {
    const g = await duel(2);
    await g.toPlayPhase();
    await g.act(0);
    expect((await summary(g)).abortable).toBe(false);
    const stored = await storedGame(server, g.id);
    const refused = await g.seat(1).POST('/v1/games/{id}/abort', { params: g.params });
    expect(problemOf(refused).code).toBe('abort_window_closed');
    expect(await storedGame(server, g.id)).toEqual(stored);
  });

  it('a rematch: the same seats rotated by one, the same options, a new seed; the finished game links to it', async () => {
    const g = await duel();
    await g.seat(1).POST('/v1/games/{id}/resign', { params: g.params });
    const offered = dataOf(await g.seat(0).POST('/v1/games/{id}/rematch', { params: g.params }));
    expect(offered.rematch).toEqual({ status: 'pending', proposedBy: 0, accepted: [0], waitingFor: [1] });
    expect(problemOf(await g.seat(0).POST('/v1/games/{id}/rematch', { params: g.params })).code).toBe('rematch_exists');
    const started = dataOf(await g.seat(1).POST('/v1/games/{id}/rematch/accept', { params: g.params }));
    expect(started.rematch?.status).toBe('started');
    const id = started.rematch!.gameId!;
    expect((await summary(g, 1)).rematch?.gameId).toBe(id);
    const next = dataOf(await g.seat(1).GET('/v1/games/{id}', { params: { path: { id } } }));
    expect(next.status).toBe('active');
    expect(next.yourSeat).toBe(0);
    expect(next.seats.map((s) => s.name)).toEqual([started.seats[1]!.name, started.seats[0]!.name]);
    expect(next.options).toEqual(started.options);
    expect(next.seedCommitment).not.toBe(started.seedCommitment);
  });

  it('declining cancels the offer; a new one may be made', async () => {
    const g = await duel();
    await g.seat(0).POST('/v1/games/{id}/resign', { params: g.params });
    await g.seat(1).POST('/v1/games/{id}/rematch', { params: g.params });
    const declined = dataOf(await g.seat(0).POST('/v1/games/{id}/rematch/decline', { params: g.params }));
    expect(declined.rematch).toMatchObject({ status: 'declined', declinedBy: 0 });
    expect(problemOf(await g.seat(0).POST('/v1/games/{id}/rematch/accept', { params: g.params })).code).toBe(
      'no_rematch',
    );
    expect(dataOf(await g.seat(0).POST('/v1/games/{id}/rematch', { params: g.params })).rematch?.status).toBe(
      'pending',
    );
  });

  it('a rematch is offered only after the end: 409 game_not_finished', async () => {
    const g = await duel();
    expect(problemOf(await g.seat(0).POST('/v1/games/{id}/rematch', { params: g.params })).code).toBe(
      'game_not_finished',
    );
  });
});

/** What revoking a token amounts to in the store: the profile no longer holds its hash (test/api/token-trust.test.ts). */
async function revoke(p: Player): Promise<void> {
  const db = server.db;
  await db.send(
    new UpdateItemCommand({
      TableName: LOCAL_TABLE,
      Key: { pk: { S: keys.player(p.playerId) }, sk: { S: keys.profile } },
      UpdateExpression: 'SET tokenHash = :other',
      ExpressionAttributeValues: { ':other': { S: '0'.repeat(64) } },
    }),
  );
}

describe('who may call the new endpoints (and refusals change nothing)', () => {
  const versioned = [
    '/v1/games/{id}/takeback',
    '/v1/games/{id}/takeback/accept',
    '/v1/games/{id}/takeback/refuse',
  ] as const;
  const plain = [
    '/v1/games/{id}/resign',
    '/v1/games/{id}/abort',
    '/v1/games/{id}/rematch',
    '/v1/games/{id}/rematch/accept',
    '/v1/games/{id}/rematch/decline',
  ] as const;

  async function callAll(as: Api, g: HighCardGame, version: number) {
    const answers = [];
    for (const path of versioned)
      answers.push(await as.POST(path, { params: g.params, body: { expectedVersion: version } }));
    for (const path of plain) answers.push(await as.POST(path, { params: g.params }));
    return answers;
  }

  it('no token: 401; a player without a seat: 403 not_seated; a revoked token: 401', async () => {
    const g = await duel();
    await g.act(0, pass);
    const stored = await storedGame(server, g.id);
    for (const a of await callAll(api, g, 1))
      expect([a.response.url, problemOf(a).code]).toEqual([a.response.url, 'unauthorized']);
    const stranger = await api.newPlayer('Stranger');
    for (const a of await callAll(stranger, g, 1))
      expect([a.response.url, problemOf(a).code]).toEqual([a.response.url, 'not_seated']);
    const ben = g.seat(1);
    expect((await ben.GET('/v1/games/{id}', { params: g.params })).response.status).toBe(200);
    await revoke(ben);
    clock += TOKEN_TRUST_MS + 1000;
    for (const a of await callAll(ben, g, 1))
      expect([a.response.url, a.response.status]).toEqual([a.response.url, 401]);
    expect(await storedGame(server, g.id)).toEqual(stored);
  });
});
