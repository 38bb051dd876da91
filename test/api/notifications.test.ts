import type { LookupFunction } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { jsonLogger } from '../../functions/api/json-logger.js';
import type { LocalServer } from '../../functions/local/server.js';
import { startConnectionTrap, type ConnectionTrap } from '../../functions/notify/connection-trap.testkit.js';
import type { OutgoingMail } from '../../functions/notify/email.js';
import { dataOf, testClient, type Api } from '../support/client.js';
import { isAccountMail, playerWithEmail } from '../support/accounts.js';
import { highCardAnswer } from '../support/high-card-game.js';
import { testRegistry } from '../support/local.js';
import { newVapidKeys } from '../../functions/notify/vapid-keys.js';
import { oneClick, pushSubscription } from '../support/notifications.js';
import type { DeliverySample } from '../support/response-validator.js';
import { startDeliveringServer, type WebhookReceiver } from '../support/webhook-receiver.js';
import { startLocalServer } from '../../functions/local/server.js';
import { CATALOGS, translate } from '../../web/client/i18n.testkit.js';
import { webGame } from '../../presentation/games.js';

let server: LocalServer;
let api: Api;
let receiver: WebhookReceiver;
let stop: () => Promise<void>;
let receiverUrl: string;
const mails: OutgoingMail[] = [];
const hooks: DeliverySample[] = [];

beforeAll(async () => {
  ({
    receiver,
    server,
    close: stop,
  } = await startDeliveringServer(hooks, { email: { send: async (m) => void mails.push(m) } }));
  receiverUrl = receiver.url;
  api = testClient(server.url);
});
afterAll(() => stop());

const mailsTo = (address: string) => mails.filter((m) => m.to === address && !isAccountMail(m));

describe('turn notifications, delivered in-process by the local server', () => {
  it('game start, then only the seat that became due; email and a signed webhook; no secrets; unsubscribe works without login', async () => {
    const anna = await playerWithEmail(server, api, 'Anna', 'anna@example.test');
    const ben = await playerWithEmail(server, api, 'Ben', 'ben@example.test');
    const hook = await ben.POST('/v1/players/me/webhooks', { body: { url: receiverUrl } });
    expect(hook.response.status).toBe(201);
    const { secret } = dataOf(hook);

    const created = dataOf(
      await anna.POST('/v1/games', { body: { game: 'high-card', players: 2, options: { rounds: 1 } } }),
    );
    await ben.POST('/v1/games/{id}/join', {
      params: { path: { id: created.id } },
      body: { inviteCode: created.inviteCode! },
    });
    await server.notificationsIdle();
    expect(mailsTo('anna@example.test').map((m) => m.subject)).toHaveLength(1);
    expect(mailsTo('ben@example.test')).toHaveLength(1);
    expect(hooks.map((h) => JSON.parse(h.body).type)).toEqual(['gameStarted']);

    // Anna draws a secret card (HC-2): Ben becomes due and is told once; Anna is not.
    const id = created.id;
    const params = { path: { id } };
    const view = await anna.GET('/v1/games/{id}/view', { params });
    await anna.POST('/v1/games/{id}/actions', {
      params,
      body: { action: { type: 'draw' }, expectedVersion: dataOf(view).version },
    });
    await server.notificationsIdle();
    expect(mailsTo('anna@example.test')).toHaveLength(1);
    const benMails = mailsTo('ben@example.test');
    expect(benMails).toHaveLength(2);
    const turnMail = benMails[1]!;
    expect(turnMail.subject).toMatch(/turn/i);
    // The link opens the game's page in the web client, where its board is drawn.
    expect(turnMail.text).toContain(`${server.url}/#/games/${id}`);
    const annaHand = dataOf(highCardAnswer(await anna.GET('/v1/games/{id}/view', { params }))).view.hand!.map(String);
    const drawn = annaHand.at(-1)!;
    expect(turnMail.text).not.toMatch(new RegExp(`"card":${drawn}\\b`));

    const last = hooks.at(-1)!;
    const payload = new Webhook(secret).verify(last.body, last.headers) as {
      type: string;
      data: { seatsDue: number[]; gameId: string };
    };
    expect(payload.type).toBe('yourTurn');
    expect(payload.data).toMatchObject({ gameId: id, seatsDue: [1] });
    expect(() => new Webhook(secret).verify(last.body.replace('yourTurn', 'gameFinished'), last.headers)).toThrow();

    // The unsubscribe link works without a token; later turns send no email but the webhook still fires.
    const link = new URL(/https?:\/\/\S+\/v1\/unsubscribe\?token=[^\s">]+/.exec(turnMail.text)![0]);
    expect(link.origin).toBe(server.url);
    const unsubscribed = await api.POST('/v1/unsubscribe', {
      params: { query: { token: link.searchParams.get('token')! } },
      ...oneClick,
    });
    expect(unsubscribed.response.status).toBe(200);
    // Ben moves: Anna becomes due in the simultaneous play phase (HC-3) and is told; Ben, still due, is not.
    const benView = dataOf(highCardAnswer(await ben.GET('/v1/games/{id}/view', { params })));
    await ben.POST('/v1/games/{id}/actions', {
      params,
      body: { action: benView.legalActions[0]!, expectedVersion: benView.version },
    });
    await server.notificationsIdle();
    expect(mailsTo('anna@example.test')).toHaveLength(2);
    // A new game: Ben's webhook still hears of it, but no more email reaches him.
    const hooksBefore = hooks.length;
    const second = dataOf(await anna.POST('/v1/games', { body: { game: 'high-card', players: 2 } }));
    await ben.POST('/v1/games/{id}/join', {
      params: { path: { id: second.id } },
      body: { inviteCode: second.inviteCode! },
    });
    await server.notificationsIdle();
    expect(hooks.slice(hooksBefore).map((h) => JSON.parse(h.body).type)).toEqual(['gameStarted']);
    expect(mailsTo('ben@example.test')).toHaveLength(2);
    expect(mailsTo('anna@example.test')).toHaveLength(3);
  });
});

describe("emails in the recipient's language", () => {
  it('a language chosen at sign-up or in settings words the subject, the sentences and the moves as the web client does in that language', async () => {
    const anna = await playerWithEmail(server, api, 'Anna', 'anna-de@example.test');
    const ben = await playerWithEmail(server, api, 'Ben', 'ben-cs@example.test');
    const unchosen = dataOf(await anna.GET('/v1/players/me'));
    expect(unchosen.language).toBe('en');
    expect(unchosen).not.toHaveProperty('languageChosen');
    // RP-LANG-1: only a chosen language follows the player to a new device.
    expect(dataOf(await anna.PATCH('/v1/players/me', { body: { language: 'de' } }))).toMatchObject({
      language: 'de',
      languageChosen: true,
    });
    expect(dataOf(await ben.PATCH('/v1/players/me', { body: { language: 'cs' } })).language).toBe('cs');
    const unknown = await ben.PATCH('/v1/players/me', { body: { language: 'fr' as 'cs' } });
    expect(unknown.response.status).toBe(400);
    expect(dataOf(await ben.GET('/v1/players/me')).language).toBe('cs');

    const created = dataOf(
      await anna.POST('/v1/games', { body: { game: 'streetcar', players: 2, options: { firstPlayer: 0 } } }),
    );
    const params = { path: { id: created.id } };
    await ben.POST('/v1/games/{id}/join', { params, body: { inviteCode: created.inviteCode! } });
    await server.notificationsIdle();
    expect(mailsTo('anna-de@example.test').at(-1)!.subject).toBe(`${CATALOGS.de.gameNames.streetcar} hat begonnen`);

    // Anna's turn (two tiles, SC-5) until Ben is due.
    for (let i = 0; i < 4 && !dataOf(await anna.GET('/v1/games/{id}', { params })).toAct.includes(1); i++) {
      const view = dataOf(await anna.GET('/v1/games/{id}/view', { params }));
      await anna.POST('/v1/games/{id}/actions', {
        params,
        body: { action: view.legalActions[0]!, expectedVersion: view.version },
      });
    }
    await server.notificationsIdle();
    const mail = mailsTo('ben-cs@example.test').at(-1)!;
    expect(mail.subject).toBe(`Jste na tahu: ${CATALOGS.cs.gameNames.streetcar}`);
    expect(mail.text).toContain('Dobrý den, Ben,');
    // Anna's move that made Ben due, as Ben's log says it in Czech, in the web client's words for Streetcar.
    const components = dataOf(
      await api.GET('/v1/catalog/{game}', { params: { path: { game: 'streetcar' } } }),
    ).components;
    const entries = dataOf(
      await ben.GET('/v1/games/{id}/log', { params: { ...params, query: { after: 0 } } }),
    ).entries.filter((e) => e.seat === 0);
    const ui = webGame('streetcar')!.ui(translate('cs'));
    const lines = entries.at(-1)!.events.map((e) => ui.describeEvent(e, components, (seat) => ['Anna', 'Ben'][seat]!));
    expect(lines.length).toBeGreaterThan(0);
    expect(mail.text).toContain(`${CATALOGS.cs.mail.since}\n${lines.map((l) => `- ${l}`).join('\n')}`);
    expect(mail.html).toContain('<html lang="cs">');
  });
});

/**
 * What wildcard DNS services answer (nip.io, sslip.io, localtest.me), without a network: the
 * address written in the name, or 127.0.0.1. A public-looking name that points to this machine.
 */
const wildcardDns = ((
  host: string,
  options: { all?: boolean },
  callback: (err: null, address: unknown, family?: number) => void,
) => {
  const embedded = /^(\d+[.-]\d+[.-]\d+[.-]\d+)\./.exec(host)?.[1]?.replaceAll('-', '.');
  const address = embedded ?? '127.0.0.1';
  if (options.all) callback(null, [{ address, family: 4 }]);
  else callback(null, address, 4);
}) as LookupFunction;

describe('names that resolve to this machine are refused when the notifier connects', () => {
  /** What a rebinding name points to; it must see no connection. */
  let trap: ConnectionTrap;
  let port: number;
  beforeAll(async () => {
    trap = await startConnectionTrap();
    port = trap.port;
  });
  afterAll(() => trap.close());

  /** Two players, one with webhooks and pushes to `targets`; a game start notifies them. Answers what the notifier logged as failed. */
  async function notifyThrough(local: LocalServer, targets: { webhooks: string[]; push: string[] }) {
    const client = testClient(local.url);
    const anna = await client.newPlayer('Anna');
    const ben = await client.newPlayer('Ben');
    for (const url of targets.webhooks)
      expect((await ben.POST('/v1/players/me/webhooks', { body: { url } })).response.status, url).toBe(201);
    for (const endpoint of targets.push) {
      // A real P-256 point, so that web-push gets as far as connecting.
      const subscription = pushSubscription(endpoint);
      const keys = { ...subscription.keys, p256dh: newVapidKeys().publicKey };
      expect(
        (await ben.POST('/v1/players/me/push-subscriptions', { body: { ...subscription, keys } })).response.status,
        endpoint,
      ).toBe(201);
    }
    const logged = vi.spyOn(jsonLogger, 'info');
    try {
      const created = dataOf(await anna.POST('/v1/games', { body: { game: 'high-card', players: 2 } }));
      await ben.POST('/v1/games/{id}/join', {
        params: { path: { id: created.id } },
        body: { inviteCode: created.inviteCode! },
      });
      await local.notificationsIdle();
      return logged.mock.calls
        .filter(([message]) => message === 'notifications failed')
        .flatMap(([, fields]) => (fields as { failures: { channel: string; error: string }[] }).failures);
    } finally {
      logged.mockRestore();
    }
  }

  it('by default: nip.io, sslip.io and localtest.me style names and push endpoints pass registration but no connection is made; each is a failed delivery, not a crash', async () => {
    const strict = await startLocalServer({
      store: 'memory',
      registry: testRegistry(),
      outbound: { lookup: wildcardDns },
    });
    try {
      const webhooks = [
        `https://127.0.0.1.nip.io:${port}/h`,
        `https://169.254.169.254.nip.io:${port}/h`,
        `https://10-0-0-1.sslip.io:${port}/h`,
        `https://localtest.me:${port}/h`,
      ];
      const push = [`https://push.localtest.me:${port}/x`];
      const failures = await notifyThrough(strict, { webhooks, push });
      expect(trap.connections()).toBe(0);
      expect(failures.filter((f) => f.channel === 'webhook')).toHaveLength(webhooks.length);
      expect(failures.filter((f) => f.channel === 'push')).toHaveLength(push.length);
      for (const f of failures) expect(f.error).toMatch(/not allowed|not a public address/);
      // The server is still there.
      expect((await testClient(strict.url).GET('/v1/push/vapid-public-key')).response.status).toBe(200);
    } finally {
      await strict.close();
    }
  });

  it('only a server that opted in (local development) connects to such a name, through the same lookup', async () => {
    const relaxed = await startLocalServer({
      store: 'memory',
      registry: testRegistry(),
      localDelivery: true,
      outbound: { lookup: wildcardDns },
    });
    try {
      const failures = await notifyThrough(relaxed, { webhooks: [`http://127.0.0.1.nip.io:${port}/h`], push: [] });
      expect(failures).toEqual([]);
      expect(trap.connections()).toBe(1);
    } finally {
      await relaxed.close();
    }
  });
});
