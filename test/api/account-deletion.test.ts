/**
 * Deleting an account (docs/accounts.md, "Your data"):
 * from its start no write of the account lands, on any instance, whatever a token cache still
 * trusts; afterwards the table names the account only where docs/accounts.md says it does.
 */
import { ScanCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../functions/api/app.js';
import { localClient } from '../../functions/local/embedded-store.js';
import { LOCAL_TABLE } from '../../functions/local/server.js';
import { createServices } from '../../functions/service/index.js';
import { SCOPES } from '../../functions/domain/player.js';
import { lastCode, playerWithEmail } from '../support/accounts.js';
import { dataOf, textOf, type Api, type Player } from '../support/client.js';
import { HighCardGame } from '../support/high-card-game.js';
import { testRegistry, useTestServer } from '../support/local.js';
import { dynamoStores } from '../../functions/store/dynamo-stores.js';

let clock = Date.parse('2026-11-02T08:00:00.000Z');
const suite = useTestServer({ store: 'dynalite', now: () => new Date(clock) });

let n = 0;
/** A name found nowhere else in the table, so that a scan for it finds only this player's traces. */
const uniqueName = (name: string) => `${name} Qx${++n}${Date.now().toString(36)}`;

/** A second token of the same account, with every scope: another session of it. */
async function secondToken(p: Player): Promise<Api> {
  return suite.api.as(
    dataOf(await p.POST('/v1/players/me/tokens', { body: { name: 'second', scopes: [...SCOPES] } })).token,
  );
}

/** Every item of the table (the embedded store) whose text holds `needle`, as `pk sk`. */
async function itemsNaming(needle: string): Promise<string[]> {
  const db = suite.server.db;
  const found: string[] = [];
  let start: Record<string, any> | undefined;
  do {
    const page = await db.send(
      new ScanCommand({ TableName: LOCAL_TABLE, ExclusiveStartKey: start, ConsistentRead: true }),
    );
    for (const item of page.Items ?? [])
      if (JSON.stringify(item).includes(needle)) found.push(`${item.pk?.S} ${item.sk?.S}`);
    start = page.LastEvaluatedKey;
  } while (start);
  return found;
}

/**
 * What docs/accounts.md keeps after a deletion: the opaque id inside the logs (commits) of the games the
 * player played, and the marks of notifications sent to them (SENT#, deleted by TTL within 7 days).
 * The name is kept nowhere.
 */
async function expectOnlyKeptTraces(p: Player, name: string): Promise<void> {
  const kept = /^GAME#\S+ (LOG#\d+|SENT#.*)$/;
  expect((await itemsNaming(p.playerId)).filter((key) => !kept.test(key))).toEqual([]);
  expect(await itemsNaming(name)).toEqual([]);
}

describe('deleting an account while it writes elsewhere', () => {
  it('joins, new games and chat of a second session during the deletion leave nothing naming the account but the anonymised seats of its finished games', async () => {
    const name = uniqueName('Dora');
    const dora = await suite.api.newPlayer(name);
    const other = await secondToken(dora);
    const host = await suite.api.newPlayer('Host');
    await (await HighCardGame.create([dora, host], { options: { rounds: 1, handSize: 2 } })).playToEnd();
    const running = await HighCardGame.create([host, dora]);
    const open = await Promise.all(
      Array.from(
        { length: 12 },
        async () =>
          dataOf(await host.POST('/v1/games', { body: { game: 'high-card', players: 4, visibility: 'public' } })).id,
      ),
    );
    // Trusted from now on by this instance's token cache.
    expect((await other.GET('/v1/games')).response.status).toBe(200);

    let deleted = false;
    const deletion = dora.DELETE('/v1/players/me').finally(() => (deleted = true));
    const statuses: number[] = [];
    for (let wave = 0; !deleted || wave < 2; wave++) {
      const answers = await Promise.all([
        other.POST('/v1/games/{id}/join', { params: { path: { id: open[wave % open.length]! } }, body: {} }),
        other.POST('/v1/games', { body: { game: 'high-card', players: 3, visibility: 'public' } }),
        other.POST('/v1/games/{id}/chat', { params: running.params, body: { text: `still here ${wave}` } }),
      ]);
      statuses.push(...answers.map((a) => a.response.status));
    }
    expect((await deletion).response.status).toBe(204);
    // Refused as a token that is no longer valid; nothing failed.
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.slice(-3)).toEqual([401, 401, 401]);
    await suite.server.notificationsIdle();
    await suite.server.services.settled();
    await expectOnlyKeptTraces(dora, name);
  });

  it('a token another instance still trusts writes nothing once the deletion has begun', async () => {
    const services = createServices(
      dynamoStores(localClient(suite.server.storeEndpoint), LOCAL_TABLE),
      testRegistry(),
      () => new Date(clock),
    );
    const elsewhere = createApp({ ...services });
    const dora = await suite.api.newPlayer(uniqueName('Dora'));
    const send = (method: string, path: string, body?: unknown) =>
      elsewhere.request(path, {
        method,
        headers: { authorization: `Bearer ${dora.token}`, 'content-type': 'application/json' },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
    expect((await send('GET', '/v1/games')).status).toBe(200);
    expect((await dora.DELETE('/v1/players/me')).response.status).toBe(204);
    const created = await send('POST', '/v1/games', { game: 'high-card', players: 2, visibility: 'public' });
    expect(created.status, await created.clone().text()).toBe(401);
    expect((await send('PATCH', '/v1/players/me', { name: 'Back again' })).status).toBe(401);
    expect(await itemsNaming(dora.playerId)).toEqual([]);
  });

  it('a sign-in by email that found the account before its deletion began makes no session', async () => {
    const name = uniqueName('Dora');
    const email = `dora.${n}@example.org`;
    const dora = await playerWithEmail(suite.server, suite.api, name, email);
    dataOf(await suite.api.as(undefined).POST('/v1/sign-in', { body: { email } }));
    const code = lastCode(suite.server, email);
    const table = suite.server.services.table;
    const read = table.getPlayer.bind(table);
    // The deletion runs to its end between the sign-in's read of the account and its session's write.
    table.getPlayer = async (id) => {
      const found = await read(id);
      table.getPlayer = read;
      expect((await dora.DELETE('/v1/players/me')).response.status).toBe(204);
      return found;
    };
    try {
      const verified = await suite.api.as(undefined).POST('/v1/sign-in/verify', { body: { email, code } });
      expect(verified.response.status, textOf(verified)).toBe(400);
    } finally {
      table.getPlayer = read;
    }
    await suite.server.services.settled();
    await expectOnlyKeptTraces(dora, name);
  });
});

describe("a deleted account's open game", () => {
  it('filling it afterwards leaves the profile 404 and the old token 401', async () => {
    const dora = await suite.api.newPlayer(uniqueName('Dora'));
    const { id } = dataOf(
      await dora.POST('/v1/games', { body: { game: 'high-card', players: 2, visibility: 'public' } }),
    );
    expect((await dora.DELETE('/v1/players/me')).response.status).toBe(204);
    const [eve, fay] = [await suite.api.newPlayer('Eve'), await suite.api.newPlayer('Fay')];
    for (const p of [eve, fay])
      expect(
        (await p.POST('/v1/games/{id}/join', { params: { path: { id } }, body: {} })).response.status,
      ).toBeLessThan(500);
    const profile = await eve.GET('/v1/profiles/{playerId}', { params: { path: { playerId: dora.playerId } } });
    expect(profile.response.status, textOf(profile)).toBe(404);
    expect((await dora.GET('/v1/games')).response.status).toBe(401);
  });

  it('a join that read it before the deletion closed it, filling it after: no profile comes back', async () => {
    const dora = await suite.api.newPlayer(uniqueName('Dora'));
    const { id } = dataOf(
      await dora.POST('/v1/games', { body: { game: 'high-card', players: 2, visibility: 'public' } }),
    );
    expect((await dora.DELETE('/v1/players/me')).response.status).toBe(204);
    // What such a join does last: the filled game leaves its creator's open games.
    await suite.server.services.table.removeOpenGames(dora.playerId, [id]);
    const eve = await suite.api.newPlayer('Eve');
    expect(
      (await eve.GET('/v1/profiles/{playerId}', { params: { path: { playerId: dora.playerId } } })).response.status,
    ).toBe(404);
    expect((await dora.GET('/v1/games')).response.status).toBe(401);
  });

  it('is closed by the deletion: nobody joins it any more', async () => {
    const dora = await suite.api.newPlayer(uniqueName('Dora'));
    const { id } = dataOf(
      await dora.POST('/v1/games', { body: { game: 'high-card', players: 3, visibility: 'public' } }),
    );
    expect((await dora.DELETE('/v1/players/me')).response.status).toBe(204);
    const eve = await suite.api.newPlayer('Eve');
    expect(dataOf(await eve.GET('/v1/games/{id}', { params: { path: { id } } })).status).toBe('aborted');
    const joined = await eve.POST('/v1/games/{id}/join', { params: { path: { id } }, body: {} });
    expect(joined.response.status, textOf(joined)).toBe(409);
  });
});

describe('what a deletion keeps', () => {
  it('after a rated game, chat, an open game, a seek, a webhook and a vacation: the id only in game logs and notification marks, the name nowhere', async () => {
    const name = uniqueName('Dora');
    const dora = await suite.api.newPlayer(name);
    const ben = await suite.api.newPlayer('Ben');
    const rated = await HighCardGame.create([dora, ben], { options: { rounds: 1, handSize: 2 } });
    dataOf(await dora.POST('/v1/games/{id}/chat', { params: rated.params, body: { text: 'good luck' } }));
    await rated.playToEnd();
    await suite.server.services.settled();
    const running = await HighCardGame.create([ben, dora]);
    dataOf(await dora.POST('/v1/games/{id}/chat', { params: running.params, body: { text: 'hi' } }));
    dataOf(await dora.POST('/v1/games', { body: { game: 'high-card', players: 3, visibility: 'public' } }));
    dataOf(await dora.POST('/v1/seeks', { body: { game: 'high-card', players: 4, pace: 'P5D' } }));
    dataOf(await dora.POST('/v1/players/me/webhooks', { body: { url: 'https://hooks.example.org/kept' } }));
    dataOf(
      await dora.POST('/v1/players/me/vacations', {
        body: {
          from: new Date(clock + 86_400_000).toISOString(),
          until: new Date(clock + 3 * 86_400_000).toISOString(),
        },
      }),
    );
    clock += 1000;

    expect((await dora.DELETE('/v1/players/me')).response.status).toBe(204);
    await suite.server.notificationsIdle();
    await suite.server.services.settled();
    await expectOnlyKeptTraces(dora, name);
  });
});
