/**
 * The published view and event schemas against what the engine really returns:
 * seeded games of both editions, 2–5 players, random legal play mixed with the bot, checked at
 * every step for every viewer, and every event in full and redacted form.
 */
import { describe, expect, it } from 'vitest';
import { randomBot, Rng, seedRng, type GameEvent, type Viewer } from '../../core/index.js';
import { ticketToRideEurope } from '../ticket-to-ride-europe/index.js';
import { ticketToRideGermany } from '../ticket-to-ride-germany/index.js';
import { TtrComponentsSchema } from './components-schema.js';
import { TtrEventSchema, TtrViewSchema } from './schemas.js';

const editions = [ticketToRideEurope, ticketToRideGermany];

interface Played {
  views: number;
  events: GameEvent[];
  finished: boolean;
}

/** One game: the bot mixed with random legal play, so branches the bot avoids (stations, withdrawn tunnels, many ticket draws) occur. */
function play(game: (typeof editions)[number], seed: string, players: number, randomShare: number): Played {
  let state = game.setup({ seed, players, options: game.options.parse({}) });
  const rng = new Rng(seedRng(`${seed}/schemas`));
  const viewers: Viewer[] = [...Array.from({ length: players }, (_, i) => i), 'spectator', 'all'];
  const events: GameEvent[] = [];
  let views = 0;
  const checkViews = () => {
    for (const viewer of viewers) {
      TtrViewSchema.parse(game.view(state, viewer));
      views++;
    }
  };
  checkViews();
  for (let step = 0; step < 3000; step++) {
    const seat = game.toAct(state)[0];
    if (seat === undefined) break;
    const legal = game.legalActions(state, seat);
    const input = { seat, view: game.view(state, seat), legal, rng };
    const action = rng.int(100) < randomShare * 100 ? randomBot(input) : game.bot(input);
    const applied = game.apply(state, seat, action);
    state = applied.state;
    events.push(...applied.events);
    checkViews();
  }
  return { views, events, finished: game.toAct(state).length === 0 };
}

const emitted = new Map<string, Set<string>>(editions.map((g) => [g.id, new Set()]));

function checkEvents(gameId: string, events: readonly GameEvent[]): void {
  for (const e of events) {
    TtrEventSchema.parse(e);
    if (e.redacted) TtrEventSchema.parse(e.redacted);
    emitted.get(gameId)!.add(e.type);
  }
}

describe('Ticket to Ride published schemas', () => {
  for (const game of editions) {
    for (const players of [2, 3, 4, 5]) {
      it(`${game.id}, ${players} players: every view (each seat, spectator, all) and every event and redacted form parses strictly (TTRE-H/TTRG-H)`, () => {
        const played = play(game, `schemas-${players}`, players, players % 2 ? 0.3 : 0.7);
        expect(played.finished).toBe(true);
        expect(played.views).toBeGreaterThan(players + 2);
        checkEvents(game.id, played.events);
      });
    }
  }

  it('a starved table passes automatically and ends in deadlock; its events and views parse (TTRE-4.4/4.5, TTRG-4.3)', () => {
    for (const game of editions) {
      let state = game.setup({ seed: 'starved', players: 2, options: game.options.parse({}) });
      const rng = new Rng(seedRng('starved/bots'));
      while (state.phase === 'opening') {
        const seat = game.toAct(state)[0]!;
        state = game.apply(
          state,
          seat,
          game.bot({ seat, view: game.view(state, seat), legal: game.legalActions(state, seat), rng }),
        ).state;
      }
      // Nothing left to draw or pay with but one ticket: after it is taken nobody can act.
      const s = structuredClone(state);
      s.deck = [];
      s.discard = [];
      s.market = s.market.map(() => null);
      s.hands = s.hands.map(() => ({
        pink: 0,
        white: 0,
        blue: 0,
        yellow: 0,
        orange: 0,
        black: 0,
        red: 0,
        green: 0,
        loco: 0,
      }));
      s.ticketDecks = { short: s.ticketDecks.short.slice(0, 1), long: [] };
      const drawn = game.apply(s, s.current, game.legalActions(s, s.current)[0]!);
      const kept = game.apply(drawn.state, s.current, game.legalActions(drawn.state, s.current)[0]!);
      expect(kept.events.filter((e) => e.type === 'passed')).toHaveLength(2);
      expect(kept.events.at(-1)).toMatchObject({ type: 'game_over', data: { reason: 'deadlock' } });
      checkEvents(game.id, [...drawn.events, ...kept.events]);
      for (const viewer of [0, 1, 'spectator', 'all'] as const) TtrViewSchema.parse(game.view(kept.state, viewer));
    }
  });

  it('every declared event type is emitted across the games played, each where its edition has it (no dead union members)', () => {
    const declared = TtrEventSchema.options.map((o) => o.shape.type.value).sort();
    const europe = emitted.get(ticketToRideEurope.id)!;
    const germany = emitted.get(ticketToRideGermany.id)!;
    expect([...new Set([...europe, ...germany])].sort()).toEqual(declared);
    // The map switches features on: stations and tunnels in Europe (TTRE-10, TTRE-12), passengers and the opening mix in Germany (TTRG-3.1, TTRG-9).
    for (const t of ['built_station', 'tunnel_revealed', 'tunnel_paid', 'tunnel_withdrawn'])
      expect(europe, t).toContain(t);
    for (const t of ['took_passengers', 'drew_opening_tickets']) expect(germany, t).toContain(t);
  });

  it('the definitions publish these schemas for both editions', () => {
    for (const game of editions)
      expect(game.schemas).toEqual({
        view: TtrViewSchema,
        event: TtrEventSchema,
        components: TtrComponentsSchema,
      });
  });

  it('the view schema is closed: an unknown property or a wrong phase is refused', () => {
    const game = ticketToRideEurope;
    const view = game.view(game.setup({ seed: 'closed', players: 3, options: game.options.parse({}) }), 0);
    expect(TtrViewSchema.safeParse(view).success).toBe(true);
    expect(TtrViewSchema.safeParse({ ...view, extra: 1 }).success).toBe(false);
    expect(TtrViewSchema.safeParse({ ...view, you: { ...view.you, deck: [] } }).success).toBe(false);
    expect(
      TtrViewSchema.safeParse({ ...view, you: { ...view.you, hand: { ...view.you!.hand, purple: 1 } } }).success,
    ).toBe(false);
    expect(TtrViewSchema.safeParse({ ...view, phase: 'setup' }).success).toBe(false);
  });

  it('the event schema refuses unknown types and a secret field in a redacted form (TTRE-H)', () => {
    expect(TtrEventSchema.safeParse({ type: 'drew_blind', data: { seat: 0 } }).success).toBe(true);
    expect(
      TtrEventSchema.safeParse({
        type: 'drew_blind',
        data: { seat: 0, card: 'red' },
        visibleTo: [0],
        redacted: { type: 'drew_blind', data: { seat: 0, card: 'red' } },
      }).success,
    ).toBe(false);
    expect(TtrEventSchema.safeParse({ type: 'teleported', data: { seat: 0 } }).success).toBe(false);
    expect(TtrEventSchema.safeParse({ type: 'passed', data: { seat: 0, why: 'x' } }).success).toBe(false);
  });
});
