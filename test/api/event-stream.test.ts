/**
 * The account event stream over a real WebSocket on the local server's own port: tickets
 * (RP-STREAM-1), the cap on sockets (RP-STREAM-2), what each seat and watcher is told (RP-STREAM-4),
 * resuming after a reconnect, and a socket closing when its credential ends (RP-STREAM-5).
 */
import { describe, expect, it } from 'vitest';
import { CONNECTIONS_PER_PLAYER, TICKET_SECONDS } from '../../functions/service/streams.js';
import { CREDENTIAL_ENDED } from '../../functions/api/streams/socket.js';
import { connect, openStream, type OpenStream } from '../support/event-stream.js';
import { dataOf, problemOf } from '../support/client.js';
import { HighCardGame } from '../support/high-card-game.js';
import { useTestServer } from '../support/local.js';

const suite = useTestServer();

const isEvent = (kind: string, game: string, version?: number) => (m: OpenStream['received'][number]) =>
  m.type === 'event' &&
  m.kind !== 'challenge' &&
  m.kind === kind &&
  m.game === game &&
  (version === undefined || m.version === version);

describe('the event stream: opening it (RP-STREAM-1, RP-STREAM-2)', () => {
  it(`a ticket is minted with the read scope, names the socket URL, lasts ${TICKET_SECONDS} s and opens one socket only`, async () => {
    const anna = await suite.api.newPlayer('Anna');
    const ticket = dataOf(await anna.POST('/v1/stream-tickets', {}));
    expect(ticket.url).toBe(`${suite.server.url.replace('http', 'ws')}/v1/stream?ticket=${ticket.ticket}`);
    expect(Date.parse(ticket.expiresAt) - Date.now()).toBeGreaterThan((TICKET_SECONDS - 5) * 1000);
    expect(Date.parse(ticket.expiresAt) - Date.now()).toBeLessThanOrEqual(TICKET_SECONDS * 1000);
    expect(ticket.url).not.toContain(anna.token);
    const stream = await connect(ticket.url);
    await expect(connect(ticket.url)).rejects.toMatchObject({ status: 401 });
    stream.close();
  });

  it('a socket without a ticket, or with a made-up one, is refused with 401 problem+json invalid_ticket', async () => {
    const base = `${suite.server.url.replace('http', 'ws')}/v1/stream`;
    for (const url of [base, `${base}?ticket=nothing-like-it`]) {
      const refusal = await connect(url).then(
        () => null,
        (err: { status: number; body: string; type: string }) => err,
      );
      expect(refusal).toMatchObject({ status: 401, type: 'application/problem+json' });
      expect(JSON.parse(refusal!.body)).toMatchObject({ status: 401, code: 'invalid_ticket' });
    }
  });

  it('a token without the read scope mints no ticket (403 insufficient_scope)', async () => {
    const anna = await suite.api.newPlayer('Anna');
    const token = dataOf(await anna.POST('/v1/players/me/tokens', { body: { name: 'writer', scopes: ['play'] } }));
    const answer = await anna.as(token.token).POST('/v1/stream-tickets', {});
    expect(answer.response.status).toBe(403);
    expect(problemOf(answer).code).toBe('insufficient_scope');
  });

  it(`a player holds at most ${CONNECTIONS_PER_PLAYER} sockets: the next is refused with 429 too_many_connections, and one closed makes room`, async () => {
    const anna = await suite.api.newPlayer('Anna');
    const open = await Promise.all(Array.from({ length: CONNECTIONS_PER_PLAYER }, () => openStream(anna)));
    const refusal = await openStream(anna).then(
      () => null,
      (err: { status: number; body: string }) => err,
    );
    expect(refusal?.status).toBe(429);
    expect(JSON.parse(refusal!.body)).toMatchObject({ code: 'too_many_connections', limit: CONNECTIONS_PER_PLAYER });
    open[0]!.close();
    await open[0]!.closed;
    await expect
      .poll(() =>
        openStream(anna).then(
          (s) => (s.close(), true),
          () => false,
        ),
      )
      .toBe(true);
    for (const s of open) s.close();
  });
});

describe('the event stream: what it carries (RP-STREAM-4)', () => {
  it("both seats' streams see each other's moves and the chat, in order, with the version each move made", async () => {
    const game = await HighCardGame.start(suite.api, 2, { options: { rounds: 1 } });
    const [anna, ben] = [game.seat(0), game.seat(1)];
    const annas = await openStream(anna);
    const bens = await openStream(ben);
    const first = await game.act(0, (legal) => legal.find((a) => a.type === 'pass'));
    await bens.next(
      (m) => m.type === 'event' && m.kind !== 'challenge' && m.game === game.id && m.version === first.version,
    );
    await anna.POST('/v1/games/{id}/chat', { params: game.params, body: { text: 'Your go' } });
    await bens.next(isEvent('chat', game.id));
    const second = await game.act(1, (legal) => legal.find((a) => a.type === 'pass'));
    await annas.next(
      (m) => m.type === 'event' && m.kind !== 'challenge' && m.game === game.id && m.version === second.version,
    );
    // Ben was told of Anna's move, then of her message, in that order; Anna of Ben's move after her own.
    expect(bens.events(game.id).slice(0, 2)).toEqual([
      expect.stringMatching(`@${first.version}$`),
      `chat@${first.version}`,
    ]);
    expect(annas.events(game.id).filter((e) => !e.startsWith('chat@'))).toEqual([
      expect.stringMatching(`@${first.version}$`),
      expect.stringMatching(`@${second.version}$`),
    ]);
    annas.close();
    bens.close();
  });

  it('a whole game: each seat hears its turns, every move, the end; a spectator who subscribed hears the moves and the end, not the turns', async () => {
    const game = await HighCardGame.start(suite.api, 2, { options: { rounds: 1 } });
    const [anna, ben] = [game.seat(0), game.seat(1)];
    const watcher = await suite.api.newPlayer('Cleo');
    const [annas, bens, cleos] = await Promise.all([openStream(anna), openStream(ben), openStream(watcher)]);
    cleos.send({ action: 'subscribe', game: game.id });
    const subscribed = await cleos.next((m) => m.type === 'subscribed');
    if (subscribed.type !== 'subscribed') throw new Error('not a subscription');
    expect(subscribed).toMatchObject({ game: game.id, version: (await game.view()).version });
    const end = await game.playToEnd();
    for (const s of [annas, bens, cleos]) await s.next(isEvent('gameFinished', game.id, end.version));
    // Each action of this game is one version, and each is told once to everyone, by its most telling kind.
    const versions = (s: OpenStream) =>
      s.received.flatMap((m) =>
        m.type === 'event' && m.kind !== 'challenge' && m.game === game.id ? [m.version] : [],
      );
    const every = Array.from({ length: end.version - subscribed.version }, (_, i) => subscribed.version + i + 1);
    for (const s of [annas, bens, cleos]) expect(versions(s)).toEqual(every);
    for (const s of [annas, bens]) expect(s.events(game.id).some((e) => e.startsWith('yourTurn@'))).toBe(true);
    expect(cleos.events(game.id).some((e) => e.startsWith('yourTurn@'))).toBe(false);
    expect(cleos.events(game.id).at(-1)).toBe(`gameFinished@${end.version}`);
    for (const s of [annas, bens, cleos]) s.close();
  });

  it('nothing is lost across a reconnect: subscribing with the version last seen brings a move event at once when the game has passed it', async () => {
    const game = await HighCardGame.start(suite.api, 2, { options: { rounds: 1 } });
    const bens = await openStream(game.seat(1));
    const seen = (await game.view(1)).version;
    bens.close();
    await bens.closed;
    const moved = await game.act(0, (legal) => legal.find((a) => a.type === 'pass'));
    const again = await openStream(game.seat(1));
    again.send({ action: 'subscribe', game: game.id, since: seen });
    await again.next((m) => m.type === 'subscribed' && m.version === moved.version);
    await again.next(isEvent('move', game.id, moved.version));
    again.send({ action: 'subscribe', game: game.id, since: moved.version });
    await again.next((m) => m.type === 'subscribed', 2);
    expect(again.events(game.id)).toEqual([`move@${moved.version}`]);
    again.close();
  });

  it('a bad message is answered with invalid_message and the socket stays open; an unknown game with not_found; a ping with pong', async () => {
    const anna = await suite.api.newPlayer('Anna');
    const s = await openStream(anna);
    for (const bad of ['not json', '{"action":"dance"}', JSON.stringify({ action: 'subscribe', game: 'a b' })]) {
      const from = s.received.length;
      s.send(bad);
      await s.next((m) => m.type === 'error' && m.code === 'invalid_message', from);
    }
    s.send({ action: 'subscribe', game: 'no-such-game' });
    await s.next((m) => m.type === 'error' && m.code === 'not_found' && m.game === 'no-such-game');
    s.send({ action: 'ping' });
    await s.next((m) => m.type === 'pong');
    s.close();
  });
});

describe('the event stream: a socket ends with its credential (RP-STREAM-5)', () => {
  it('revoking the token a socket was opened with closes it; a socket of another token stays open', async () => {
    const anna = await suite.api.newPlayer('Anna');
    const made = dataOf(await anna.POST('/v1/players/me/tokens', { body: { name: 'bot', scopes: ['read', 'play'] } }));
    const byToken = await openStream(anna.as(made.token));
    const byRegistration = await openStream(anna);
    const revoked = await anna.DELETE('/v1/players/me/tokens/{tokenId}', { params: { path: { tokenId: made.id } } });
    expect(revoked.response.status).toBe(204);
    expect((await byToken.closed).code).toBe(CREDENTIAL_ENDED);
    byRegistration.send({ action: 'ping' });
    await byRegistration.next((m) => m.type === 'pong');
    byRegistration.close();
  });
});
