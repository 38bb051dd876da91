/**
 * RP-CHALLENGE-6: a challenge reaches the party it concerns by email and webhook, delivered
 * in-process by the local server: made and withdrawn to the opponent, answered to the challenger,
 * each in its reader's language, once, and not at all with the `challenge` kind turned off.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalServer } from '../../functions/local/server.js';
import type { OutgoingMail } from '../../functions/notify/email.js';
import { isAccountMail, playerWithEmail } from '../support/accounts.js';
import { dataOf, testClient, textOf, type Api, type Player } from '../support/client.js';
import { committedDocument, createWebhookValidator, type DeliverySample } from '../support/response-validator.js';
import { startDeliveringServer, type WebhookReceiver } from '../support/webhook-receiver.js';

let server: LocalServer;
let api: Api;
let receiver: WebhookReceiver;
let stop: () => Promise<void>;
const mails: OutgoingMail[] = [];
const hooks: DeliverySample[] = [];
const validate = createWebhookValidator(committedDocument());

beforeAll(async () => {
  ({
    receiver,
    server,
    close: stop,
  } = await startDeliveringServer(hooks, { email: { send: async (m) => void mails.push(m) } }));
  api = testClient(server.url);
});
afterAll(() => stop());

const on = (id: string) => ({ params: { path: { id } } });
const challenge = async (from: Player, to: Player) =>
  dataOf(await from.POST('/v1/challenges', { body: { opponent: to.playerId, game: 'high-card' } }));
/** What the notifier sent to `address` since `from` (an index into the mails). */
const notices = async (address: string, from = 0) => {
  await server.notificationsIdle();
  return mails.slice(from).filter((m) => m.to === address && !isAccountMail(m));
};

describe('challenge notifications (RP-CHALLENGE-6)', () => {
  it('made: the opponent is told in their language, with the challenge page; accepted: the challenger, with the game', async () => {
    const anna = await playerWithEmail(server, api, 'Anna', 'anna@example.test');
    const bruno = await playerWithEmail(server, api, 'Bruno', 'bruno@example.test');
    await bruno.PATCH('/v1/players/me', { body: { language: 'cs' } });
    const hook = await bruno.POST('/v1/players/me/webhooks', { body: { url: receiver.url } });
    expect(hook.response.status, textOf(hook)).toBe(201);

    const c = await challenge(anna, bruno);
    const [made] = await notices('bruno@example.test');
    expect(made?.subject).toBe('Anna vás vyzývá ke hře High card (test fixture)');
    expect(made?.text).toContain(`/#/challenges/${c.id}`);
    expect(made?.text).toContain('Tempo: Bez časového limitu.');
    expect(await notices('anna@example.test')).toEqual([]);
    const delivered = hooks.find((h) => JSON.parse(h.body).data.challengeId === c.id);
    expect(delivered && JSON.parse(delivered.body)).toMatchObject({
      type: 'challenge',
      data: { status: 'pending', game: 'high-card', challenger: { id: anna.playerId, name: 'Anna' } },
    });
    expect(validate(delivered!).errors).toEqual([]);

    const before = mails.length;
    const accepted = dataOf(await bruno.POST('/v1/challenges/{id}/accept', on(c.id)));
    // The game it started is told as any game's start; of the challenge, only its challenger hears.
    const answers = (await notices('anna@example.test', before)).filter((m) => m.subject.includes('challenge'));
    expect(answers.map((m) => m.subject)).toEqual(['Bruno accepted your challenge to High card (test fixture)']);
    expect(answers[0]?.text).toContain(`/#/games/${accepted.gameId}`);
    expect((await notices('bruno@example.test', before)).filter((m) => m.subject.includes('výzv'))).toEqual([]);
  });

  it('declined: the reason in words to the challenger; withdrawn: the opponent is told', async () => {
    const anna = await playerWithEmail(server, api, 'Anna', 'anna2@example.test');
    const bruno = await playerWithEmail(server, api, 'Bruno', 'bruno2@example.test');
    await anna.PATCH('/v1/players/me', { body: { language: 'de' } });
    const first = await challenge(anna, bruno);
    const before = mails.length;
    await bruno.POST('/v1/challenges/{id}/decline', { ...on(first.id), body: { reason: 'tooSlow' } });
    const [declined] = await notices('anna2@example.test', before);
    expect(declined?.subject).toBe('Bruno hat deine Herausforderung zu High card (test fixture) abgelehnt');
    expect(declined?.text).toContain('Das Tempo ist zu langsam.');

    const second = await challenge(anna, bruno);
    const then = mails.length;
    await anna.POST('/v1/challenges/{id}/cancel', on(second.id));
    const [withdrawn, ...more] = await notices('bruno2@example.test', then);
    expect(more).toEqual([]);
    expect(withdrawn?.subject).toBe('Anna withdrew the challenge to High card (test fixture)');
  });

  it('nothing with the challenge kind off', async () => {
    const anna = await playerWithEmail(server, api, 'Anna', 'anna3@example.test');
    const bruno = await playerWithEmail(server, api, 'Bruno', 'bruno3@example.test');
    await bruno.PATCH('/v1/players/me', { body: { notifications: { events: { challenge: false } } } });
    const before = mails.length;
    await challenge(anna, bruno);
    expect(await notices('bruno3@example.test', before)).toEqual([]);
  });
});
