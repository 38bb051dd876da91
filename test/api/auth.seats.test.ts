/**
 * Authorisation inside a game (docs/api.md): spectators, seats that are not due, and joining with
 * an invite code.
 */
import { describe, expect, it } from 'vitest';
import { dataOf, textOf, type Player } from '../support/client.js';
import { HighCardGame, highCardAnswer, storedGame } from '../support/high-card-game.js';
import { api, expectProblem, outsider, server, useAuthFixtures } from './auth.testkit.js';

useAuthFixtures();

describe('a spectator (a player without a seat)', () => {
  it('can GET the game, its view (no hand, no legal actions) and its log (redacted), but POST actions → 403 not_seated and export before the end → 409', async () => {
    const game = await HighCardGame.start(api, 2, { prefix: 'spec' });
    const drawn = await game.act(0, (legal) => legal.find((a) => a.type === 'draw')); // secret draw (HC-2)
    const before = await storedGame(server, game.id);
    const { params } = game;

    const summary = await outsider.GET('/v1/games/{id}', { params });
    expect(summary.response.status).toBe(200);
    expect(dataOf(summary).id).toBe(game.id);
    expect(summary.data).not.toHaveProperty('yourSeat');
    expect(summary.data).not.toHaveProperty('inviteCode');

    const view = highCardAnswer(await outsider.GET('/v1/games/{id}/view', { params }));
    expect(view.response.status).toBe(200);
    expect(dataOf(view).version).toBe(drawn.version);
    expect(dataOf(view).view).not.toHaveProperty('hand');
    expect(dataOf(view).view).not.toHaveProperty('hands');
    expect(dataOf(view).legalActions).toEqual([]);

    const log = await outsider.GET('/v1/games/{id}/log', { params });
    expect(log.response.status).toBe(200);
    const entries = dataOf(log).entries;
    expect(entries).toHaveLength(1);
    expect(entries[0]).not.toHaveProperty('action');
    expect(entries[0]!.events).toEqual([{ type: 'draw', data: { seat: 0 } }]);
    // The seat that drew sees its card in the same entry.
    // The fixture's events are not in the document (it describes the catalog): read as high-card logs them.
    const own = dataOf(await game.seat(0).GET('/v1/games/{id}/log', { params })).entries as unknown as {
      events: { data: { card?: number } }[];
    }[];
    expect(own[0]!.events[0]!.data.card).toBe(drawn.view.hand!.at(-1));

    expectProblem(
      await outsider.POST('/v1/games/{id}/actions', {
        params,
        body: { action: { type: 'pass' }, expectedVersion: dataOf(view).version },
      }),
      403,
      'not_seated',
    );
    expectProblem(await outsider.GET('/v1/games/{id}/export', { params }), 409, 'game_not_finished');
    expect(await storedGame(server, game.id)).toEqual(before);
  });

  it('an unknown game is 404 not_found on every game path, seated or not', async () => {
    const params = { path: { id: 'NoSuchGame000' } };
    expectProblem(await outsider.GET('/v1/games/{id}', { params }), 404, 'not_found');
    expectProblem(await outsider.GET('/v1/games/{id}/view', { params }), 404, 'not_found');
    expectProblem(await outsider.GET('/v1/games/{id}/log', { params }), 404, 'not_found');
    expectProblem(await outsider.GET('/v1/games/{id}/export', { params }), 404, 'not_found');
    expectProblem(
      await outsider.POST('/v1/games/{id}/actions', { params, body: { action: { type: 'pass' }, expectedVersion: 0 } }),
      404,
      'not_found',
    );
    expectProblem(
      await outsider.POST('/v1/games/{id}/join', { params, body: { inviteCode: 'whatever' } }),
      404,
      'not_found',
    );
  });
});

describe('seats that are not due', () => {
  it('a seated player whose seat is not due gets 403 not_your_turn (HC-2) and nothing changes; the due seat gets 200', async () => {
    const game = await HighCardGame.start(api, 3, { prefix: 'turn' });
    const v = await game.view(0);
    expect(v.toAct).toEqual([0]);
    const before = await storedGame(server, game.id);
    for (const seat of [1, 2]) {
      expect((await game.view(seat)).legalActions).toEqual([]);
      expectProblem(await game.post(seat, { type: 'pass' }, v.version), 403, 'not_your_turn');
    }
    expect(await storedGame(server, game.id)).toEqual(before);
    const ok = await game.post(0, { type: 'pass' }, v.version);
    expect(ok.response.status).toBe(200);
    expect(dataOf(ok).toAct).toEqual([1]);
  });

  it('after a seat has committed in the play phase (HC-3) it is no longer due: 403 not_your_turn while the others still are', async () => {
    const game = await HighCardGame.start(api, 2, { prefix: 'commit' });
    await game.toPlayPhase();
    const after = await game.act(0);
    expect(after.toAct).toEqual([1]);
    expectProblem(await game.post(0, { type: 'play', card: after.view.hand![0] }, after.version), 403, 'not_your_turn');
  });
});

describe('joining', () => {
  const join = (p: Player, id: string, inviteCode: string) =>
    p.POST('/v1/games/{id}/join', { params: { path: { id } }, body: { inviteCode } });

  it('a wrong invite code → 403 bad_invite_code; joining twice → 409 already_seated; joining a full game → 409 game_not_open; nothing changes', async () => {
    const [host, guest, late] = [
      await api.newPlayer('Host'),
      await api.newPlayer('Guest'),
      await api.newPlayer('Late'),
    ];
    const created = dataOf(await host.POST('/v1/games', { body: { game: 'high-card', players: 2 } }));
    expect(created.status).toBe('open');
    const { id } = created;
    const inviteCode = created.inviteCode!;
    const pristine = await storedGame(server, id);

    expectProblem(await join(guest, id, `${inviteCode}x`), 403, 'bad_invite_code');
    expectProblem(await join(guest, id, 'A'), 403, 'bad_invite_code');
    expectProblem(await join(host, id, inviteCode), 409, 'already_seated');
    expect(await storedGame(server, id)).toEqual(pristine);

    const joined = await join(guest, id, inviteCode);
    expect(joined.response.status).toBe(200);
    expect(dataOf(joined).yourSeat).toBe(1);
    expect(dataOf(joined).status).toBe('active');
    const full = await storedGame(server, id);

    expectProblem(await join(guest, id, inviteCode), 409, 'already_seated');
    expectProblem(await join(late, id, inviteCode), 409, 'game_not_open');
    expect(await storedGame(server, id)).toEqual(full);
    expect(dataOf(await late.GET('/v1/games')).items).toEqual([]);
  });

  it('eight players racing for the three free seats: each seat is taken exactly once, the other five get 409 game_not_open', async () => {
    const host = await api.newPlayer('RaceHost');
    const created = dataOf(await host.POST('/v1/games', { body: { game: 'high-card', players: 4 } }));
    const racers = await Promise.all(Array.from({ length: 8 }, (_, i) => api.newPlayer(`Racer${i}`)));
    const answers = await Promise.all(racers.map((p) => join(p, created.id, created.inviteCode!)));
    const won = answers.filter((a) => a.response.status === 200);
    expect(won).toHaveLength(3);
    expect(won.map((a) => dataOf(a).yourSeat).sort()).toEqual([1, 2, 3]);
    for (const a of answers.filter((x) => x.response.status !== 200)) expectProblem(a, 409, 'game_not_open');
    const game = dataOf(await host.GET('/v1/games/{id}', { params: { path: { id: created.id } } }));
    expect(game.status).toBe('active');
    const winners = racers.filter((_, i) => answers[i]!.response.status === 200).map((p) => p.playerId);
    expect(new Set(game.seats.map((s) => s.playerId))).toEqual(new Set([host.playerId, ...winners]));
    for (const [i, a] of answers.entries()) {
      if (a.response.status === 200) expect(game.seats[dataOf(a).yourSeat!]!.playerId).toBe(racers[i]!.playerId);
    }
    for (const [i, p] of racers.entries()) {
      const listed = dataOf(await p.GET('/v1/games')).items;
      if (answers[i]!.response.status === 200)
        expect(listed).toEqual([expect.objectContaining({ id: created.id, seat: dataOf(answers[i]!).yourSeat })]);
      else expect(listed).toEqual([]);
    }
  });

  it('the invite code is shown to seated players of an open game only', async () => {
    const [host, other] = [await api.newPlayer('Host2'), await api.newPlayer('Other2')];
    const created = dataOf(await host.POST('/v1/games', { body: { game: 'high-card', players: 3 } }));
    const params = { path: { id: created.id } };
    expect(created.inviteCode).toEqual(expect.any(String));
    expect(dataOf(await host.GET('/v1/games/{id}', { params })).inviteCode).toBe(created.inviteCode);
    const seen = await other.GET('/v1/games/{id}', { params });
    expect(seen.response.status).toBe(200);
    expect(seen.data).not.toHaveProperty('inviteCode');
    expect(textOf(seen)).not.toContain(created.inviteCode);
  });
});
