import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalServer, type LocalServer } from '../../functions/local/server.js';
import type { OutgoingMail } from '../../functions/notify/email.js';
import { ApiClient, type Player } from '../support/client.js';
import { RAISED_LIMITS, testRegistry } from '../support/local.js';

let server: LocalServer;
let api: ApiClient;
const mails: OutgoingMail[] = [];

beforeAll(async () => {
  server = await startLocalServer({ registry: testRegistry(), limits: RAISED_LIMITS, email: { send: async (m) => void mails.push(m) }, sweepMs: 0 });
  api = new ApiClient(server.url);
});
afterAll(() => server.close());

async function player(name: string, email: string): Promise<Player> {
  const r = await api.post('/v1/players', { name, email });
  return Object.assign(api.as(r.body.token), { playerId: r.body.id as string, token: r.body.token as string }) as Player;
}

async function threeSeats() {
  const tag = Math.random().toString(36).slice(2);
  const [anna, ben, cleo, dan] = await Promise.all(['Anna', 'Ben', 'Cleo', 'Dan'].map((n) => player(n, `${n.toLowerCase()}-${tag}@example.test`)));
  const created = await anna!.post('/v1/games', { game: 'high-card', players: 3 });
  const path = `/v1/games/${created.body.id}`;
  await ben!.post(`${path}/join`, { inviteCode: created.body.inviteCode });
  await cleo!.post(`${path}/join`, { inviteCode: created.body.inviteCode });
  await server.notificationsIdle();
  return { anna: anna!, ben: ben!, cleo: cleo!, spectator: dan!, path, tag };
}

describe('table talk: GET/POST /v1/games/{id}/chat', () => {
  it('seated players write, everyone who may look reads, in order, with the version each message follows', async () => {
    const { anna, ben, spectator, path } = await threeSeats();
    const first = await anna.post(`${path}/chat`, { text: '  Who takes the\r\nnorth?  ' });
    expect(first.status, first.text).toBe(201);
    expect(first.body).toMatchObject({ seat: 0, name: 'Anna', text: 'Who takes the\nnorth?', version: 0 });
    expect(first.body).not.toHaveProperty('playerId');
    const view = (await anna.get(`${path}/view`)).body;
    await anna.post(`${path}/actions`, { action: view.legalActions[0], expectedVersion: view.version });
    const second = await ben.post(`${path}/chat`, { text: 'Not me.\u0007\u202e' });
    expect(second.body).toMatchObject({ seat: 1, text: 'Not me.', version: 1 });

    const all = await spectator.get(`${path}/chat`);
    expect(all.status).toBe(200);
    expect(all.body.messages.map((m: { text: string }) => m.text)).toEqual(['Who takes the\nnorth?', 'Not me.']);
    const later = await spectator.get(`${path}/chat?after=${first.body.id}`);
    expect(later.body.messages.map((m: { id: string }) => m.id)).toEqual([second.body.id]);
    expect((await spectator.get(`${path}/chat?limit=1`)).body.messages).toHaveLength(1);
  });

  it('refuses spectators, empty and overlong messages, and unknown games, changing nothing', async () => {
    const { anna, spectator, path } = await threeSeats();
    const refuse = async (who: Player, url: string, body: unknown, status: number, code: string) => {
      const r = await who.post(url, body);
      expect(r.status, r.text).toBe(status);
      expect(r.body.code).toBe(code);
    };
    await refuse(spectator, `${path}/chat`, { text: 'let me play' }, 403, 'not_seated');
    await refuse(anna, `${path}/chat`, { text: ' \u0000\u200b ' }, 400, 'empty_message');
    await refuse(anna, `${path}/chat`, { text: 'x'.repeat(1001) }, 400, 'invalid_body');
    await refuse(anna, `${path}/chat`, { text: 'hi', extra: 1 }, 400, 'invalid_body');
    await refuse(anna, '/v1/games/nope/chat', { text: 'hi' }, 404, 'not_found');
    expect((await anna.get(`${path}/chat`)).body.messages).toEqual([]);
    expect((await anna.get(`${path}/chat?after=../x`)).status).toBe(400);
  });

  it('notifies the seated players who chose chat (off by default), never the author', async () => {
    // Cleo keeps the default (no chat notifications); Anna writes.
    const { anna, ben, path, tag } = await threeSeats();
    expect((await ben.patch('/v1/players/me', { notifications: { events: { chat: true } } })).status).toBe(200);
    await anna.post(`${path}/chat`, { text: 'Good luck all' });
    await server.notificationsIdle();
    const chatMails = mails.filter((m) => m.to.endsWith(`-${tag}@example.test`) && /wrote in/.test(m.subject));
    expect(chatMails.map((m) => [m.to, m.subject])).toEqual([[`ben-${tag}@example.test`, 'Anna wrote in High card (test fixture)']]);
    expect(chatMails[0]!.text).toContain('Good luck all');
  });
});
