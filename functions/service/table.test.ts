/**
 * Which actions may be taken back. The check is the kit's, not a game's: no secret
 * event, no draw of the RNG and no change to what no seat sees (`concealed`) since the action.
 */
import { describe, expect, it } from 'vitest';
import { Rng, seedRng, type AnyGame } from '../../engine/core/index.js';
import { catalog } from '../../engine/games/index.js';
import { highCard } from '../../engine/fixtures/high-card.js';
import type { EventRecord } from '../domain/game.js';
import { abortable, initialTable, revealed, tableAfter } from './table.js';

interface Classified {
  allowed: Map<string, number>;
  refused: Map<string, number>;
}

/** Plays a seeded random game and sorts every action by whether it could be taken back. */
function classify(def: AnyGame, players: number, seed: string, maxActions = 400): Classified {
  const out: Classified = { allowed: new Map(), refused: new Map() };
  const rng = new Rng(seedRng(`${seed}/picks`));
  let state = def.setup({ seed, players, options: def.options.parse({}) });
  for (let n = 0; n < maxActions; n++) {
    const seat = def.toAct(state)[0];
    if (seat === undefined) break;
    const action = rng.pick(def.legalActions(state, seat));
    const applied = def.apply(state, seat, action);
    const record = {
      version: n + 1,
      seat,
      playerId: 'p',
      action,
      events: applied.events,
      toAct: [],
      at: '',
    } as EventRecord;
    const bucket = revealed(def, state, applied.state, record) ? out.refused : out.allowed;
    bucket.set(action.type, (bucket.get(action.type) ?? 0) + 1);
    state = applied.state;
  }
  return out;
}

describe('take-back eligibility, derived from the kit', () => {
  const europe = classify(catalog['ticket-to-ride-europe'].game, 3, 'takeback-europe', 600);

  it('Ticket to Ride Europe: a plain route claim may be taken back (TTRE-7)', () => {
    expect(europe.allowed.get('claim_route')).toBeGreaterThan(0);
  });

  it('Ticket to Ride Europe: drawing a card may not, face-up (TTRE-5.4: the slot is refilled from the deck) or blind (TTRE-5.12: private to the drawer)', () => {
    expect(europe.refused.get('draw_face_up')).toBeGreaterThan(0);
    expect(europe.refused.get('draw_blind')).toBeGreaterThan(0);
    expect(europe.allowed.get('draw_face_up')).toBeUndefined();
    expect(europe.allowed.get('draw_blind')).toBeUndefined();
  });

  it('Ticket to Ride Europe: drawing tickets may not (TTRE-11: the tickets drawn are secret)', () => {
    expect(europe.allowed.get('draw_tickets')).toBeUndefined();
    expect(europe.refused.get('draw_tickets')).toBeGreaterThan(0);
  });

  it.each([
    ['ticket-to-ride-germany', 3],
    ['streetcar', 2],
    ['trains-and-stations', 3],
    ['vlaky-na-trati', 2],
  ] as const)('%s: some actions may be taken back and some may not', (id, players) => {
    const { allowed, refused } = classify(catalog[id].game, players, `takeback-${id}`);
    expect(allowed.size).toBeGreaterThan(0);
    expect(refused.size).toBeGreaterThan(0);
  });

  it('the fixture high-card: a pass may be taken back (HC-2), a draw may not (a secret card, HC-2)', () => {
    const { allowed, refused } = classify(highCard as AnyGame, 2, 'takeback-hc');
    expect(allowed.get('pass')).toBeGreaterThan(0);
    expect(refused.get('draw')).toBeGreaterThan(0);
    expect(allowed.get('draw')).toBeUndefined();
  });
});

describe('the table folded over records', () => {
  const record = (seat: number, version: number, extra: Partial<EventRecord> = {}): EventRecord => ({
    version,
    seat,
    playerId: 'p',
    action: { type: 'x' },
    events: [],
    toAct: [],
    at: '',
    ...extra,
  });

  it('RP-TB-1: a person’s clean action is undoable until something is revealed or another person’s seat acts; a bot seat’s reply keeps it', () => {
    let t = tableAfter(initialTable(3), record(0, 1), false);
    expect(t.undoable).toEqual({ 0: 1 });
    t = tableAfter(t, record(1, 2), false);
    expect(t.undoable).toEqual({ 1: 2 });
    expect(tableAfter(t, record(1, 3), true).undoable).toEqual({});
    expect(tableAfter(t, record(0, 3, { playerId: null, timeout: true }), false).undoable).toEqual({});
    expect(tableAfter(t, record(2, 3, { playerId: null }), false).undoable).toEqual({ 1: 2 });
    expect(tableAfter(t, record(1, 3, { forfeit: true }), false).undoable).toEqual({});
  });

  it('RP-RATE-1: a forfeit before the seat’s first action or inside the abort window marks the game unrated; later ones do not', () => {
    const opening = tableAfter(initialTable(2), record(0, 1), false);
    expect(tableAfter(opening, record(1, 2, { forfeit: true }), false).unrated).toBe(true);
    const both = tableAfter(opening, record(1, 2), false);
    expect(tableAfter(both, record(1, 3, { forfeit: true }), false).unrated).toBe(true);
    const closed = tableAfter(both, record(0, 3), false);
    expect(tableAfter(closed, record(1, 4, { forfeit: true }), false).unrated).toBeUndefined();
  });

  it('a move ends a pending take-back; platform entries change nothing', () => {
    const pending = { ...initialTable(2), takeback: { seat: 0, undoes: 1, requestedAt: 2, accepted: [] } };
    expect(tableAfter(pending, record(1, 3, { platform: true }), false)).toEqual(pending);
    expect(tableAfter(pending, record(1, 3), false).takeback).toBeUndefined();
  });

  it('the abort window: open while no seat has made more than one action', () => {
    let t = initialTable(2);
    t = tableAfter(t, record(0, 1), false);
    t = tableAfter(t, record(1, 2), false);
    expect(abortable(t)).toBe(true);
    expect(abortable(tableAfter(t, record(0, 3), false))).toBe(false);
  });
});
