/**
 * The published schemas against what the engine really returns: seeded games of random
 * and greedy play over 2 and 3 players and both sheets, every view for every viewer and every event
 * (with its redacted form) parsed strictly, and every declared event type seen at least once.
 */
import * as z from 'zod';
import { describe, expect, it } from 'vitest';
import { randomBot, Rng, seedRng, type GameEvent, type Viewer } from '../../core/index.js';
import type { SheetId } from './data.js';
import { vlakyNaTratiGame as game } from './index.js';
import { VntEventSchema, VntViewSchema } from './schemas.js';
import type { VntState } from './state.js';

const SETTINGS = [2, 3].flatMap((players) => (['I', 'II'] as const).map((sheet) => ({ players, sheet })));
const SEEDS = ['s1', 's2', 's3'];

interface Played {
  states: VntState[];
  events: GameEvent[];
}

/** One game to the end: each action from a seat that may act, by the greedy bot or at random. */
function play(seed: string, players: number, sheet: SheetId): Played {
  const rng = new Rng(seedRng(`${seed}/schemas`));
  let s = game.setup({ seed, players, options: game.options.parse({ sheet }) });
  const states = [s];
  const events: GameEvent[] = [];
  for (let seats = game.toAct(s); seats.length > 0; seats = game.toAct(s)) {
    const seat = rng.pick(seats);
    const input = { seat, view: game.view(s, seat), legal: game.legalActions(s, seat), rng };
    const applied = game.apply(s, seat, rng.int(2) === 0 ? game.bot(input) : randomBot(input));
    s = applied.state;
    states.push(s);
    events.push(...applied.events);
  }
  expect(s.result).not.toBeNull();
  return { states, events };
}

const games = SETTINGS.flatMap(({ players, sheet }) =>
  SEEDS.map((seed) => ({ players, sheet, seed, ...play(`${seed}-${players}-${sheet}`, players, sheet) })),
);
const declaredTypes = VntEventSchema.options.map((o) => o.shape.type.value).sort();

describe('published schemas', () => {
  it.each(SETTINGS)(
    '§18: every view of a $players-player game on sheet $sheet parses strictly for each seat, a spectator and "all"',
    ({ players, sheet }) => {
      for (const g of games.filter((x) => x.players === players && x.sheet === sheet)) {
        const viewers: Viewer[] = [...Array(players).keys(), 'spectator', 'all'];
        for (const s of g.states) for (const viewer of viewers) VntViewSchema.parse(game.view(s, viewer));
      }
    },
  );

  it.each(SETTINGS)(
    'every event of a $players-player game on sheet $sheet and its redacted form parse strictly',
    ({ players, sheet }) => {
      for (const g of games.filter((x) => x.players === players && x.sheet === sheet)) {
        for (const e of g.events) {
          VntEventSchema.parse(e);
          if (e.redacted) VntEventSchema.parse(e.redacted);
        }
      }
    },
  );

  it('every declared event type is emitted, and nothing undeclared', () => {
    const seen = [...new Set(games.flatMap((g) => g.events.map((e) => e.type)))].sort();
    expect(seen).toEqual(declaredTypes);
  });

  it('H-2: the redacted discard_a hides the card from other seats', () => {
    const discards = games.flatMap((g) => g.events.filter((e) => e.type === 'discard_a'));
    expect(discards.length).toBeGreaterThan(0);
    for (const e of discards) {
      expect(e.visibleTo).toEqual([e.data?.seat]);
      expect(e.redacted).toEqual({ type: 'discard_a', data: { seat: e.data?.seat } });
    }
  });

  it('strict objects refuse unknown properties in views and events', () => {
    const s = games[0]?.states.at(-1);
    if (!s) throw new Error('no game played');
    const v = game.view(s, 'all');
    expect(VntViewSchema.safeParse({ ...v, extra: 1 }).success).toBe(false);
    expect(
      VntViewSchema.safeParse({ ...v, players: v.players.map((p) => ({ ...p, sheet: { ...p.sheet, extra: 1 } })) })
        .success,
    ).toBe(false);
    expect(
      VntEventSchema.safeParse({ type: 'placed', data: { seat: 0, source: 'HAND', cardId: 'a1', slot: 1, extra: 1 } })
        .success,
    ).toBe(false);
    expect(VntEventSchema.safeParse({ type: 'discard_a', data: { seat: 0, extra: 1 } }).success).toBe(false);
  });

  it('the schemas convert to JSON Schema with Vnt-prefixed component names', () => {
    const view = z.toJSONSchema(VntViewSchema, { io: 'output' });
    const event = z.toJSONSchema(VntEventSchema, { io: 'output' });
    expect(Object.keys(view.$defs ?? {})).toEqual(
      expect.arrayContaining(['VntPlayerView', 'VntSheetState', 'VntRouteNode', 'VntTask']),
    );
    expect(Object.keys(event.$defs ?? {})).toEqual(
      expect.arrayContaining(['VntPlacedEvent', 'VntDiscardAEvent', 'VntDiscardARedacted']),
    );
  });
});
