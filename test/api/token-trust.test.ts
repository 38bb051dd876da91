/**
 * A token verified lately is trusted in memory for TOKEN_TRUST_MS (functions/service/players.ts),
 * so moves and polls cost no read for it. The bound this puts on revoking a token: a changed token
 * hash takes effect within TOKEN_TRUST_MS everywhere, at once on the routes under /v1/players/me.
 */
import { UpdateItemCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalServer, type LocalServer } from '../../functions/local/server.js';
import { TOKEN_TRUST_MS } from '../../functions/service/players.js';
import { keys } from '../../functions/store/keys.js';
import { dataOf, problemOf, testClient, type Api, type Player } from '../support/client.js';
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

/** What revoking a token amounts to in the store: the profile no longer holds its hash. */
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

describe('trusting verified tokens for a bounded time', () => {
  it(`a revoked token works on for at most ${TOKEN_TRUST_MS / 1000} s after its last verification, then gets 401`, async () => {
    const anna = await api.newPlayer('Anna');
    expect((await anna.GET('/v1/games')).response.status).toBe(200);
    await revoke(anna);
    clock += TOKEN_TRUST_MS - 1000;
    expect((await anna.GET('/v1/games')).response.status).toBe(200);
    clock += 2000;
    const refused = await anna.GET('/v1/games');
    expect(refused.response.status).toBe(401);
    expect(problemOf(refused).code).toBe('unauthorized');
  });

  it('the routes of the profile read it fresh: a revoked token gets 401 there at once, and then everywhere', async () => {
    const ben = await api.newPlayer('Ben');
    expect((await ben.GET('/v1/games')).response.status).toBe(200);
    await revoke(ben);
    expect((await ben.GET('/v1/players/me')).response.status).toBe(401);
    expect((await ben.GET('/v1/games')).response.status).toBe(401);
  });

  it('a change of name is seen at once by the instance that made it, also outside /v1/players/me', async () => {
    const cy = await api.newPlayer('Cy');
    expect((await cy.GET('/v1/games')).response.status).toBe(200);
    expect((await cy.PATCH('/v1/players/me', { body: { name: 'Cyrus' } })).response.status).toBe(200);
    const created = dataOf(await cy.POST('/v1/games', { body: { game: 'high-card', players: 2 } }));
    expect(created.seats[0]!.name).toBe('Cyrus');
  });
});
