/**
 * Bad action posts get the right 4xx as application/problem+json with a stable `code`, and change
 * nothing: malformed or mistyped bodies, unknown fields, wrong content types, oversized bodies, and
 * actions the rules forbid (422 with the rule ID).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { dataOf, problemOf, rawAnswer, sendRaw, textOf, type Schemas } from '../support/client.js';
import { HighCardGame } from '../support/high-card-game.js';
import { expectRejected, me, server, soloGame, useBadInputServer } from './bad-input.testkit.js';

useBadInputServer();

// Most of this suite sends what the document does not allow (broken JSON, undeclared fields, wrong
// types and content types, odd paths and queries): only raw requests can. What the typed client can
// say (well-formed posts the game or the rules refuse) goes through it.
describe('POST /v1/games/{id}/actions with a bad body', () => {
  let game: HighCardGame;
  let version: number;
  beforeAll(async () => {
    game = await soloGame();
    version = (await game.view(0)).version;
  });

  const raw =
    (text: string, contentType = 'application/json') =>
    () =>
      sendRaw(me, 'POST', `/v1/games/${game.id}/actions`, { body: text, headers: { 'content-type': contentType } });
  const json = (body: unknown) => () => sendRaw(me, 'POST', `/v1/games/${game.id}/actions`, { body });
  const post =
    (action: Schemas['Action'], expectedVersion = version, key?: string) =>
    () =>
      game.post(0, action, expectedVersion, key);

  it('malformed JSON → 400 malformed_body', async () => {
    for (const text of [
      '{"action":',
      '{action: {type: "pass"}}',
      "{'action':1}",
      '',
      '{"action":{"type":"pass"},"expectedVersion":0}}',
    ]) {
      await expectRejected(game, raw(text), 400, 'malformed_body');
    }
  });

  it('JSON that is not an object → 400 invalid_body', async () => {
    for (const text of ['null', '[]', '"pass"', '42', 'true'])
      await expectRejected(game, raw(text), 400, 'invalid_body');
  });

  it('missing fields → 400 invalid_body, with issues naming the field', async () => {
    const r = await expectRejected(game, json({ action: { type: 'pass' } }), 400, 'invalid_body');
    expect(problemOf(r).issues).toEqual([expect.objectContaining({ path: 'expectedVersion' })]);
    const r2 = await expectRejected(game, json({ expectedVersion: version }), 400, 'invalid_body');
    expect(problemOf(r2).issues).toEqual([expect.objectContaining({ path: 'action' })]);
    await expectRejected(game, json({}), 400, 'invalid_body');
    await expectRejected(game, json({ action: {}, expectedVersion: version }), 400, 'invalid_body');
  });

  it('wrong types → 400 invalid_body', async () => {
    for (const body of [
      { action: 'pass', expectedVersion: version },
      { action: null, expectedVersion: version },
      { action: [{ type: 'pass' }], expectedVersion: version },
      { action: { type: 7 }, expectedVersion: version },
      { action: { type: 'pass' }, expectedVersion: String(version) },
      { action: { type: 'pass' }, expectedVersion: null },
      { action: { type: 'pass' }, expectedVersion: true },
    ]) {
      await expectRejected(game, json(body), 400, 'invalid_body');
    }
    await expectRejected(game, post({ type: '' }), 400, 'invalid_body');
  });

  it('negative, fractional or unsafe expectedVersion → 400 invalid_body', async () => {
    for (const expectedVersion of [-1, 0.5, version + 0.5, -0.0001, 2 ** 53, 1e300]) {
      await expectRejected(game, post({ type: 'pass' }, expectedVersion), 400, 'invalid_body');
    }
  });

  it('unknown extra fields at the top level → 400 invalid_body', async () => {
    const r = await expectRejected(
      game,
      json({ action: { type: 'pass' }, expectedVersion: version, seat: 1 }),
      400,
      'invalid_body',
    );
    expect(JSON.stringify(problemOf(r).issues)).toContain('seat');
  });

  it('an action type the game does not know → 400 invalid_action', async () => {
    for (const type of ['fly', 'PASS', 'draw ', 'constructor', '__proto__']) {
      await expectRejected(game, post({ type }), 400, 'invalid_action');
    }
  });

  it('an action of the wrong shape → 400 invalid_action', async () => {
    for (const action of [
      { type: 'play' },
      { type: 'play', card: '7' },
      { type: 'play', card: 2.5 },
      { type: 'play', card: null },
      { type: 'play', card: [3] },
    ]) {
      await expectRejected(game, post(action), 400, 'invalid_action');
    }
  });

  it('a body over 64 KiB → 413 body_too_large, sized by Content-Length or streamed in chunks', async () => {
    const big = JSON.stringify({ action: { type: 'pass', pad: 'x'.repeat(70_000) }, expectedVersion: version });
    await expectRejected(game, raw(big), 413, 'body_too_large');
    await expectRejected(
      game,
      async () => {
        const bytes = new TextEncoder().encode(big);
        const body = new ReadableStream({
          start(c) {
            for (let i = 0; i < bytes.length; i += 8192) c.enqueue(bytes.slice(i, i + 8192));
            c.close();
          },
        });
        return rawAnswer(
          await fetch(`${server.url}/v1/games/${game.id}/actions`, {
            method: 'POST',
            headers: { authorization: `Bearer ${me.token}`, 'content-type': 'application/json' },
            body,
            duplex: 'half',
          } as RequestInit),
        );
      },
      413,
      'body_too_large',
    );
  });

  it('a content type other than JSON (or none) → 415 unsupported_media_type', async () => {
    const body = JSON.stringify({ action: { type: 'pass' }, expectedVersion: version });
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/xml',
    ]) {
      await expectRejected(game, raw(body, type), 415, 'unsupported_media_type');
    }
    await expectRejected(
      game,
      async () =>
        rawAnswer(
          await fetch(`${server.url}/v1/games/${game.id}/actions`, {
            method: 'POST',
            headers: { authorization: `Bearer ${me.token}` },
            body: new Blob([body]),
          }),
        ),
      415,
      'unsupported_media_type',
    );
  });

  it('a malformed Idempotency-Key header → 400 invalid_header', async () => {
    for (const key of ['has space', 'x'.repeat(129), 'tab\tkey', 'é']) {
      await expectRejected(game, post({ type: 'pass' }, version, key), 400, 'invalid_header');
    }
  });

  it('after all that, the same game still accepts a good action at the version it had', async () => {
    const ok = await game.post(0, { type: 'pass' }, version);
    expect(ok.response.status, textOf(ok)).toBe(200);
    expect(dataOf(ok).version).toBeGreaterThan(version);
  });
});

describe('actions the rules forbid → 422 illegal_action with the rule ID', () => {
  it('playing during the draw phase → 422, rule HC-2; nothing changes', async () => {
    const game = await soloGame();
    const v = await game.view(0);
    expect(v.view.phase).toBe('draw');
    const r = await expectRejected(
      game,
      () => game.post(0, { type: 'play', card: v.view.hand![0] }, v.version),
      422,
      'illegal_action',
    );
    expect(problemOf(r).rule).toBe('HC-2');
    expect(problemOf(r).reason).toBe('wrong_phase');
  });

  it('drawing or passing during the play phase → 422, rule HC-3; playing a card not in one’s hand → 422, rule HC-3; nothing changes', async () => {
    const game = await soloGame();
    const v = await game.toPlayPhase();
    expect(v.toAct).toEqual([0]);
    for (const type of ['draw', 'pass']) {
      const r = await expectRejected(game, () => game.post(0, { type }, v.version), 422, 'illegal_action');
      expect(r.error).toMatchObject({ rule: 'HC-3', reason: 'wrong_phase' });
    }
    const hand = v.view.hand!;
    for (const card of [
      0,
      -3,
      41,
      1000,
      ...Array.from({ length: 40 }, (_, i) => i + 1)
        .filter((c) => !hand.includes(c))
        .slice(0, 3),
    ]) {
      const r = await expectRejected(
        game,
        () => game.post(0, { type: 'play', card }, v.version),
        422,
        'illegal_action',
      );
      expect(r.error).toMatchObject({ rule: 'HC-3', reason: 'card_not_in_hand' });
    }
    // Every listed legal action is accepted (the first one, here).
    expect((await game.post(0, v.legalActions[0]!, v.version)).response.status).toBe(200);
  });

  it('an action on a finished game → 409 game_over; nothing changes', async () => {
    const game = await soloGame({ rounds: 1, handSize: 2 });
    const end = await game.playToEnd();
    await expectRejected(game, () => game.post(0, { type: 'pass' }, end.version), 409, 'game_over');
  });
});
