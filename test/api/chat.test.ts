import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalServer, type LocalServer } from '../../functions/local/server.js';
import type { OutgoingMail } from '../../functions/notify/email.js';
import {
  dataOf,
  problemOf,
  sendRaw,
  testClient,
  textOf,
  type Answer,
  type Api,
  type Problem,
  type Schemas,
} from '../support/client.js';
import { playerWithEmail } from '../support/accounts.js';
import { highCardAnswer } from '../support/high-card-game.js';
import { RAISED_LIMITS, testRegistry } from '../support/local.js';

let server: LocalServer;
let api: Api;
const mails: OutgoingMail[] = [];

beforeAll(async () => {
  server = await startLocalServer({
    store: 'memory',
    registry: testRegistry(),
    limits: RAISED_LIMITS,
    email: { send: async (m) => void mails.push(m) },
    sweepMs: 0,
  });
  api = testClient(server.url);
});
afterAll(() => server.close());

async function threeSeats() {
  const tag = Math.random().toString(36).slice(2);
  const [anna, ben, cleo, dan] = await Promise.all(
    ['Anna', 'Ben', 'Cleo', 'Dan'].map((n) =>
      playerWithEmail(server, api, n, `${n.toLowerCase()}-${tag}@example.test`),
    ),
  );
  const created = dataOf(await anna!.POST('/v1/games', { body: { game: 'high-card', players: 3 } }));
  const params = { path: { id: created.id } };
  await ben!.POST('/v1/games/{id}/join', { params, body: { inviteCode: created.inviteCode! } });
  await cleo!.POST('/v1/games/{id}/join', { params, body: { inviteCode: created.inviteCode! } });
  await server.notificationsIdle();
  return { anna: anna!, ben: ben!, cleo: cleo!, spectator: dan!, id: created.id, params, tag };
}

describe('table talk: GET/POST /v1/games/{id}/chat', () => {
  it('seated players write, everyone who may look reads, in order, with the version each message follows', async () => {
    const { anna, ben, spectator, params } = await threeSeats();
    const first = await anna.POST('/v1/games/{id}/chat', { params, body: { text: '  Who takes the\r\nnorth?  ' } });
    expect(first.response.status, textOf(first)).toBe(201);
    expect(first.data).toMatchObject({ seat: 0, name: 'Anna', text: 'Who takes the\nnorth?', version: 0 });
    expect(first.data).not.toHaveProperty('playerId');
    const view = dataOf(highCardAnswer(await anna.GET('/v1/games/{id}/view', { params })));
    await anna.POST('/v1/games/{id}/actions', {
      params,
      body: { action: view.legalActions[0]!, expectedVersion: view.version },
    });
    const second = await ben.POST('/v1/games/{id}/chat', { params, body: { text: 'Not me.\u0007\u202e' } });
    expect(second.data).toMatchObject({ seat: 1, text: 'Not me.', version: 1 });

    const all = await spectator.GET('/v1/games/{id}/chat', { params });
    expect(all.response.status).toBe(200);
    expect(dataOf(all).messages.map((m) => m.text)).toEqual(['Who takes the\nnorth?', 'Not me.']);
    const later = await spectator.GET('/v1/games/{id}/chat', {
      params: { ...params, query: { after: dataOf(first).id } },
    });
    expect(dataOf(later).messages.map((m) => m.id)).toEqual([dataOf(second).id]);
    expect(
      dataOf(await spectator.GET('/v1/games/{id}/chat', { params: { ...params, query: { limit: 1 } } })).messages,
    ).toHaveLength(1);
  });

  it('`next` is the `after` of the messages that follow a full page, null once none follow', async () => {
    const { anna, ben, spectator, params } = await threeSeats();
    const texts = ['one', 'two', 'three', 'four', 'five'];
    for (const [i, text] of texts.entries())
      expect((await (i % 2 ? ben : anna).POST('/v1/games/{id}/chat', { params, body: { text } })).response.status).toBe(
        201,
      );
    const read: string[] = [];
    const pages: number[] = [];
    let after: string | null = null;
    do {
      const answer = await spectator.GET('/v1/games/{id}/chat', {
        params: { ...params, query: { limit: 2, ...(after ? { after } : {}) } },
      });
      expect(answer.response.status, textOf(answer)).toBe(200);
      const page: Schemas['Chat'] = dataOf(answer);
      read.push(...page.messages.map((m) => m.text));
      pages.push(page.messages.length);
      after = page.next;
      if (after) expect(after).toBe(page.messages.at(-1)!.id);
    } while (after && pages.length < 10);
    expect(read).toEqual(texts);
    expect(pages).toEqual([2, 2, 1]);
    expect(
      dataOf(await spectator.GET('/v1/games/{id}/chat', { params: { ...params, query: { limit: 5 } } })).next,
    ).toBeNull();
  });

  it('refuses spectators, empty and overlong messages, and unknown games, changing nothing', async () => {
    const { anna, spectator, id, params } = await threeSeats();
    const refuse = async (sent: Promise<Answer<Problem>>, status: number, code: string) => {
      const r = await sent;
      expect(r.response.status, textOf(r)).toBe(status);
      expect(problemOf(r).code).toBe(code);
    };
    await refuse(spectator.POST('/v1/games/{id}/chat', { params, body: { text: 'let me play' } }), 403, 'not_seated');
    await refuse(anna.POST('/v1/games/{id}/chat', { params, body: { text: ' \u0000\u200b ' } }), 400, 'empty_message');
    await refuse(anna.POST('/v1/games/{id}/chat', { params, body: { text: 'x'.repeat(1001) } }), 400, 'invalid_body');
    // A field the document does not declare: only a raw request can send it.
    await refuse(
      sendRaw(anna, 'POST', `/v1/games/${id}/chat`, { body: { text: 'hi', extra: 1 } }),
      400,
      'invalid_body',
    );
    await refuse(
      anna.POST('/v1/games/{id}/chat', { params: { path: { id: 'nope' } }, body: { text: 'hi' } }),
      404,
      'not_found',
    );
    expect(dataOf(await anna.GET('/v1/games/{id}/chat', { params })).messages).toEqual([]);
    expect(
      (await anna.GET('/v1/games/{id}/chat', { params: { ...params, query: { after: '../x' } } })).response.status,
    ).toBe(400);
  });

  it('notifies the seated players who chose chat (off by default), never the author', async () => {
    // Cleo keeps the default (no chat notifications); Anna writes.
    const { anna, ben, params, tag } = await threeSeats();
    expect(
      (await ben.PATCH('/v1/players/me', { body: { notifications: { events: { chat: true } } } })).response.status,
    ).toBe(200);
    await anna.POST('/v1/games/{id}/chat', { params, body: { text: 'Good luck all' } });
    await server.notificationsIdle();
    const chatMails = mails.filter((m) => m.to.endsWith(`-${tag}@example.test`) && /wrote in/.test(m.subject));
    expect(chatMails.map((m) => [m.to, m.subject])).toEqual([
      [`ben-${tag}@example.test`, 'Anna wrote in High card (test fixture)'],
    ]);
    expect(chatMails[0]!.text).toContain('Good luck all');
  });
});
