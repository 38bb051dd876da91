/**
 * A player's own data: the export, and deleting the account.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fixtureGames } from '../../engine/fixtures/index.js';
import { isAccountMail, playerWithEmail } from '../support/accounts.js';
import { dataOf, textOf, type Api } from '../support/client.js';
import { HighCardGame } from '../support/high-card-game.js';
import {
  START,
  address,
  api,
  expectProblem,
  requestCode,
  server,
  signIn,
  useAccountsServer,
} from './accounts.testkit.js';

useAccountsServer(() => new Date(START));

describe('your data', () => {
  it('the export holds the profile, sessions, tokens, webhooks, push subscriptions, vacations, games and own chat, and no secret', async () => {
    const email = address('Exporter');
    const me = await playerWithEmail(server, api, 'Exporter', email);
    const { token: sessionToken } = await signIn(email);
    const pat = dataOf(await me.POST('/v1/players/me/tokens', { body: { name: 'pat', scopes: ['read'] } }));
    const hook = dataOf(
      await me.POST('/v1/players/me/webhooks', { body: { url: 'https://hooks.example.org/export' } }),
    );
    const mate = await api.newPlayer('Mate');
    const game = await HighCardGame.create([me, mate]);
    dataOf(await me.POST('/v1/games/{id}/chat', { params: game.params, body: { text: 'mine' } }));
    dataOf(await mate.POST('/v1/games/{id}/chat', { params: game.params, body: { text: 'theirs' } }));
    const exported = await me.GET('/v1/players/me/export');
    const data = dataOf(exported);
    expect(data.profile).toMatchObject({ id: me.playerId, name: 'Exporter', email });
    expect(data.sessions).toHaveLength(1);
    expect(data.tokens.map((t) => t.name)).toEqual(['pat']);
    expect(data.webhooks).toEqual([{ id: hook.id, url: hook.url, events: hook.events, createdAt: hook.createdAt }]);
    expect(data.games).toEqual([expect.objectContaining({ id: game.id, seat: 0, status: 'active' })]);
    expect(data.chat.map((m) => m.text)).toEqual(['mine']);
    const text = textOf(exported);
    const stored = await server.services.credentials['accounts'].listCredentials(me.playerId);
    for (const secret of [
      hook.secret,
      pat.token,
      sessionToken,
      me.token,
      ...stored.map((c) => c.hash),
      createHash('sha256').update(me.token.split('.')[1]!).digest('hex'),
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it('deleting the account: credentials die at once, finished games show a deleted seat and still export and replay, a running game plays on with the bot', async () => {
    const email = address('Leaver');
    const leaver = await playerWithEmail(server, api, 'Leaver', email);
    const { session } = await signIn(email);
    const pat = api.as(
      dataOf(await leaver.POST('/v1/players/me/tokens', { body: { name: 'pat', scopes: ['read'] } })).token,
    );
    const stayer = await api.newPlayer('Stayer');
    const finished = await HighCardGame.create([leaver, stayer], { options: { rounds: 1, handSize: 2 } });
    await finished.playToEnd();
    const running = await HighCardGame.create([stayer, leaver]);
    dataOf(await leaver.POST('/v1/games/{id}/chat', { params: running.params, body: { text: 'bye' } }));
    const before = dataOf(await stayer.GET('/v1/games/{id}/export', { params: finished.params }));

    expect((await session.DELETE('/v1/players/me')).response.status).toBe(204);
    for (const c of [session, pat, leaver as Api]) expectProblem(await c.GET('/v1/games'), 401, 'unauthorized');
    dataOf(await requestCode(api, email));
    expect(server.sentMail.filter((m) => m.to === email && isAccountMail(m) && /sign-in/.test(m.subject))).toHaveLength(
      1,
    );

    const after = dataOf(await stayer.GET('/v1/games/{id}/export', { params: finished.params }));
    expect(after.players[0]).toEqual({ seat: 0, name: null, bot: false, playerId: null, deleted: true });
    expect(JSON.stringify(after)).not.toContain(leaver.playerId);
    expect(JSON.stringify(after)).not.toContain('Leaver');
    expect({ ...after, players: before.players }).toEqual(before);
    // The export still replays to its outcome with the engine.
    const def = fixtureGames.find((g) => g.id === after.game)!;
    let state = def.setup({
      seed: after.seed,
      players: after.players.length,
      options: def.options.parse(after.options),
    });
    for (const a of after.actions) if (!a.forfeit) state = def.apply(state, a.seat, a.action).state;
    expect(def.outcome(state)?.scores).toEqual(after.outcome?.scores);

    const summary = dataOf(await stayer.GET('/v1/games/{id}', { params: running.params }));
    expect(summary.seats[1]).toMatchObject({ name: null, bot: true, deleted: true, playerId: null });
    expect(dataOf(await stayer.GET('/v1/games/{id}/chat', { params: running.params })).messages).toEqual([]);
    // The bot answers for the deleted seat: after the stayer's move it is the stayer's turn again (or the end).
    const next = await running.act(0);
    expect(next.toAct.includes(1)).toBe(false);
  });
});
