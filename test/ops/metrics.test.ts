import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRegistry } from '../../engine/core/index.js';
import { catalogGames } from '../../engine/games/index.js';
import { startLocalServer, type LocalServer } from '../../functions/local/server.js';
import { RAISED_LIMITS } from '../../functions/service/limits.js';
import type { CountName, Dimensions, GaugeName, Metrics } from '../../functions/service/metrics.js';

/** The metrics port as the tests see it: every count and gauge, in order. */
class Recorded implements Metrics {
  counts: { name: CountName; dimensions?: Dimensions }[] = [];
  gauges: { name: GaugeName; seconds: number }[] = [];
  count(name: CountName, dimensions?: Dimensions) {
    this.counts.push({ name, ...(dimensions ? { dimensions } : {}) });
  }
  gauge(name: GaugeName, seconds: number) {
    this.gauges.push({ name, seconds });
  }
  countOf(name: CountName, dimensions?: Dimensions) {
    return this.counts.filter((c) => c.name === name && JSON.stringify(c.dimensions) === JSON.stringify(dimensions))
      .length;
  }
  clear() {
    this.counts = [];
    this.gauges = [];
  }
}

const metrics = new Recorded();
let clock = new Date('2026-03-01T12:00:00Z');
let server: LocalServer;
let receiver: Server;
let receiverUrl: string;

async function call(method: string, path: string, token?: string, body?: unknown) {
  const r = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: r.status, body: r.status === 204 ? null : await r.json() };
}
const player = async (name: string) =>
  (await call('POST', '/v1/players', undefined, { name })).body as { id: string; token: string };

beforeAll(async () => {
  receiver = createServer((_req, res) => res.writeHead(204).end());
  await new Promise<void>((ok) => receiver.listen(0, '127.0.0.1', ok));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/`;
  server = await startLocalServer({
    store: 'memory',
    registry: createRegistry(catalogGames),
    sweepMs: 0,
    limits: RAISED_LIMITS,
    localDelivery: true,
    now: () => clock,
    metrics,
  });
});
afterAll(async () => {
  await server.close();
  await new Promise((ok) => receiver.close(ok));
});

describe('business metrics, counted where they happen', () => {
  it('counts a person’s move, the bot moves after it, and refused moves by their problem code', async () => {
    const anna = await player('Anna');
    const game = (await call('POST', '/v1/games', anna.token, { game: 'vlaky-na-trati', players: 2, bots: 1 })).body;
    metrics.clear();
    let view = (await call('GET', `/v1/games/${game.id}/view`, anna.token)).body;
    const stale = await call('POST', `/v1/games/${game.id}/actions`, anna.token, {
      action: view.legalActions[0],
      expectedVersion: view.version + 5,
    });
    expect(stale.status).toBe(409);
    expect(metrics.counts).toEqual([{ name: 'RejectedMoves', dimensions: { code: 'stale_version' } }]);
    metrics.clear();
    // Bots may have moved when the game was created, before the count began: compare only later entries.
    const counted = view.version;
    let moves = 0;
    while (metrics.countOf('BotMoves') === 0 && moves < 20) {
      const r = await call('POST', `/v1/games/${game.id}/actions`, anna.token, {
        action: view.legalActions[0],
        expectedVersion: view.version,
      });
      expect(r.status).toBe(200);
      moves++;
      view = r.body;
    }
    expect(metrics.countOf('Moves')).toBe(moves);
    const log = (await call('GET', `/v1/games/${game.id}/log?after=${counted}`, anna.token)).body.entries as {
      bot: boolean;
    }[];
    expect(metrics.countOf('BotMoves')).toBe(log.filter((e) => e.bot).length);
    expect(metrics.countOf('RejectedMoves', { code: 'stale_version' })).toBe(0);
  });

  it('counts notification deliveries by channel and outcome', async () => {
    const anna = await player('Ann');
    const ben = await player('Bert');
    expect(
      (await call('POST', '/v1/players/me/webhooks', anna.token, { url: receiverUrl, events: ['gameStarted'] })).status,
    ).toBe(201);
    // Port 9 has no listener: that delivery fails.
    expect(
      (
        await call('POST', '/v1/players/me/webhooks', ben.token, {
          url: 'http://127.0.0.1:9/',
          events: ['gameStarted'],
        })
      ).status,
    ).toBe(201);
    const game = (await call('POST', '/v1/games', anna.token, { game: 'vlaky-na-trati', players: 2 })).body;
    metrics.clear();
    expect((await call('POST', `/v1/games/${game.id}/join`, ben.token, { inviteCode: game.inviteCode })).status).toBe(
      200,
    );
    await server.notificationsIdle();
    expect(metrics.countOf('Notifications', { channel: 'webhook', outcome: 'sent' })).toBe(1);
    expect(metrics.countOf('Notifications', { channel: 'webhook', outcome: 'failed' })).toBe(1);
  });

  it('reports the sweeper lag on every sweep, and counts reminders and timeouts', async () => {
    const anna = await player('Ada');
    const ben = await player('Bo');
    const game = (
      await call('POST', '/v1/games', anna.token, {
        game: 'vlaky-na-trati',
        players: 2,
        timeControl: { perMove: 'PT10M', onTimeout: 'bot' },
      })
    ).body;
    await call('POST', `/v1/games/${game.id}/join`, ben.token, { inviteCode: game.inviteCode });
    metrics.clear();
    await server.sweep();
    expect(metrics.gauges).toEqual([{ name: 'SweeperLagSeconds', seconds: 0 }]);
    // The reminder falls due at 8 of 10 minutes; the sweep comes 90 s after that.
    clock = new Date(clock.getTime() + 9.5 * 60_000);
    metrics.clear();
    await server.sweep();
    expect(metrics.gauges).toEqual([{ name: 'SweeperLagSeconds', seconds: 90 }]);
    expect(metrics.countOf('Reminders')).toBe(1);
    clock = new Date(clock.getTime() + 60_000);
    metrics.clear();
    await server.sweep();
    expect(metrics.gauges).toEqual([{ name: 'SweeperLagSeconds', seconds: 30 }]);
    expect(metrics.countOf('Timeouts')).toBe(1);
    expect(metrics.countOf('BotMoves')).toBeGreaterThanOrEqual(1);
  });
});
