/**
 * Random play for the Ticket to Ride property suite: actions picked uniformly over types, mutants
 * that are often illegal, the check that apply accepts exactly what legalActions offers, and whole
 * games played by seeds or by bots.
 */
import { expect } from 'vitest';
import { Rng, RuleError, seedRng } from '../../core/index.js';
import type { TtrAction } from './actions.js';
import { canonical, type Cards } from './cards.js';
import { CARD_TYPES } from './map.js';
import type { TtrState } from './state.js';
import { checkCards, checkEvents, checkTickets, stats, type Edition, type Game } from './properties.testkit.js';

// ---------- canonical comparison

function canon(a: TtrAction): string {
  switch (a.type) {
    case 'claim_route':
    case 'pay_tunnel':
    case 'build_station':
      return JSON.stringify({ ...a, cards: canonical(a.cards) });
    default:
      // Kept tickets are named in dealt order, as offered: another order is another (refused) action.
      return JSON.stringify(a);
  }
}

// ---------- action generation

/** Uniform over action types, then over actions of that type: claims and stations do not swamp draws. */
function pickAction(legal: readonly TtrAction[], rng: Rng): TtrAction {
  const types = [...new Set(legal.map((a) => a.type))];
  const type = rng.pick(types);
  return rng.pick(legal.filter((a) => a.type === type));
}

function randomCards(rng: Rng, max = 4): Cards {
  const out: Cards = {};
  const kinds = rng.between(0, 3);
  for (let i = 0; i < kinds; i++) out[rng.pick(CARD_TYPES)] = rng.between(0, max);
  return out;
}

function tweakCards(cards: Cards, rng: Rng): Cards {
  const out = { ...cards };
  const t = rng.pick(CARD_TYPES);
  out[t] = Math.max(0, (out[t] ?? 0) + rng.pick([-1, 1]));
  return out;
}

/** Actions that are often illegal: wrong slot, wrong cards, unknown route or city, wrong step. */
function mutants(e: Edition, s: TtrState, seat: number, legal: readonly TtrAction[], rng: Rng): TtrAction[] {
  const out: TtrAction[] = [];
  const routeIds = e.map.routes.map((r) => r.id);
  const any = <T>(xs: readonly T[]) => rng.pick(xs);
  const claims = legal.filter((a): a is Extract<TtrAction, { type: 'claim_route' }> => a.type === 'claim_route');
  const o = s.opening[seat]!;
  const drawn = s.pending?.kind === 'tickets' ? s.pending.drawn : s.phase === 'opening' ? o.dealt : [];
  const someTickets = () => {
    const pool = [...drawn, ...(rng.int(3) === 0 ? [any(e.map.tickets).id] : [])];
    const pick = pool.filter(() => rng.int(2) === 0);
    if (rng.int(6) === 0 && pick.length > 0) pick.push(pick[0]!);
    return pick;
  };
  const colours = e.map.passengers ? [...Object.keys(e.map.passengers.colours), 'purple'] : ['red'];
  for (let i = 0; i < 2; i++) {
    out.push({ type: 'draw_face_up', slot: rng.between(-1, 5) });
    out.push({ type: 'claim_route', route: rng.int(5) === 0 ? 9999 : any(routeIds), cards: randomCards(rng) });
    if (claims.length) {
      const c = any(claims);
      out.push({ type: 'claim_route', route: c.route, cards: tweakCards(c.cards, rng) });
      out.push({ type: 'claim_route', route: any(routeIds), cards: c.cards });
    }
    out.push({
      type: 'build_station',
      city: rng.int(4) === 0 ? 'Atlantis' : any([...e.map.cities, ...e.map.countries]),
      cards: randomCards(rng, 3),
    });
    out.push({ type: 'pay_tunnel', cards: randomCards(rng, 3) });
    out.push({ type: 'keep_tickets', tickets: someTickets() });
    out.push({ type: 'keep_initial_tickets', tickets: someTickets() });
    out.push({ type: 'choose_initial_tickets', short: rng.between(-1, 5) });
    out.push(rng.int(2) ? { type: 'draw_tickets' } : { type: 'draw_tickets', short: rng.between(-1, 5) });
    out.push({ type: 'take_passengers', a: rng.int(3) ? any(colours) : null, b: rng.int(3) ? any(colours) : null });
  }
  out.push({ type: 'draw_blind' }, { type: 'withdraw_tunnel' });
  return out;
}

/** The heart of (a) and (b) at one state. */
export function checkApplyMatchesLegal(e: Edition, s: TtrState, rng: Rng, applyAll: boolean): void {
  const before = JSON.stringify(s);
  const acting = e.rules.toAct(s);
  for (let seat = 0; seat < s.players; seat++) {
    const legal = e.rules.legalActions(s, seat);
    stats.maxLegal[e.name] = Math.max(stats.maxLegal[e.name], legal.length);
    expect(legal.length).toBeLessThan(5000);
    if (!acting.includes(seat)) {
      expect(legal).toEqual([]);
      continue;
    }
    expect(legal.length).toBeGreaterThan(0);
    const keys = new Set(legal.map(canon));
    expect(keys.size).toBe(legal.length);
    // Every offered action is accepted (all of them, or a sample on big lists).
    const limit = applyAll ? 120 : 20;
    const sample = legal.length <= limit ? legal : Array.from({ length: limit }, () => rng.pick(legal));
    for (const a of sample) {
      const { state, events } = e.rules.apply(s, seat, a);
      stats.checkedActions++;
      checkCards(e, state);
      checkEvents(events);
    }
    // Mutated actions: accepted iff canonically offered; otherwise a RuleError with a rule ID.
    for (const m of mutants(e, s, seat, legal, rng)) {
      if (keys.has(canon(m))) {
        expect(() => e.rules.apply(s, seat, m)).not.toThrow();
        stats.mutated.accepted++;
      } else {
        let err: unknown = null;
        try {
          e.rules.apply(s, seat, m);
        } catch (x) {
          err = x;
        }
        if (!(err instanceof RuleError))
          throw new Error(
            `${e.name}: accepted ${JSON.stringify(m)} from seat ${seat}, not in legalActions (pending ${JSON.stringify(s.pending)}, phase ${s.phase})`,
          );
        expect(err.rule).toMatch(e.prefix);
        stats.mutated.rejected++;
      }
    }
  }
  // Another seat playing the acting seat's move is rejected.
  const idle = Array.from({ length: s.players }, (_, i) => i).filter((i) => !acting.includes(i));
  if (idle.length && acting.length) {
    const a = rng.pick(e.rules.legalActions(s, acting[0]!));
    for (const seat of [...idle, s.players, -1]) {
      let err: unknown = null;
      try {
        e.rules.apply(s, seat, a);
      } catch (x) {
        err = x;
      }
      expect(err).toBeInstanceOf(RuleError);
      expect((err as RuleError).rule).toMatch(e.prefix);
    }
  }
  expect(JSON.stringify(s)).toBe(before);
}

// ---------- play

interface Played {
  states: TtrState[];
  moves: { seat: number; action: TtrAction }[];
}

export function play(
  e: Edition,
  seed: string,
  players: number,
  steps: number,
  botShare: number,
  onState?: (s: TtrState, i: number) => void,
): Played {
  return playFrom(
    e,
    e.game.setup({ seed, players, options: { firstPlayer: 'random' } }),
    new Rng(seedRng(`${seed}/choices`)),
    steps,
    botShare,
    onState,
  );
}

export function playFrom(
  e: Edition,
  start: TtrState,
  rng: Rng,
  steps: number,
  botShare: number,
  onState?: (s: TtrState, i: number) => void,
): Played {
  let s = start;
  const states = [s];
  const moves: Played['moves'] = [];
  onState?.(s, 0);
  for (let i = 0; i < steps; i++) {
    const acting = e.game.toAct(s);
    if (acting.length === 0) break;
    const seat = rng.pick(acting);
    const legal = e.game.legalActions(s, seat);
    const action =
      rng.int(1000) < botShare * 1000
        ? e.game.bot({ seat, view: e.game.view(s, seat), legal, rng })
        : pickAction(legal, rng);
    const before = JSON.stringify(s);
    const { state, events } = e.game.apply(s, seat, action);
    expect(JSON.stringify(s)).toBe(before);
    checkEvents(events);
    moves.push({ seat, action });
    s = state;
    states.push(s);
    onState?.(s, i + 1);
  }
  return { states, moves };
}

/**
 * A scarce-cards variant of a state: the deck, the discard pile and some face-up cards go into
 * random hands (and, optionally, the ticket decks to random players), so that empty decks,
 * short markets, the wipe guard, automatic passes and deadlocks get exercised. Conserves everything.
 */
export function starve(s: TtrState, rng: Rng, tickets: boolean): TtrState {
  const t = structuredClone(s);
  const cards = [...t.deck, ...t.discard];
  t.deck = [];
  t.discard = [];
  t.market = t.market.map((c) => {
    if (c !== null && rng.int(3) === 0) {
      cards.push(c);
      return null;
    }
    return c;
  });
  for (const c of cards) t.hands[rng.int(t.players)]![c]++;
  if (tickets) {
    for (const id of [...t.ticketDecks.short, ...t.ticketDecks.long]) {
      const p = rng.int(t.players);
      t.tickets[p] = [...t.tickets[p]!, id];
    }
    t.ticketDecks = { short: [], long: [] };
  }
  return t;
}

export function replay(e: Edition, seed: string, players: number, moves: Played['moves']): TtrState {
  let s = e.game.setup({ seed, players, options: { firstPlayer: 'random' } });
  for (const m of moves) s = e.game.apply(s, m.seat, m.action).state;
  return s;
}

/** Plays a game with one bot per seat to its end, checking the bound, conservation and the outcome. */
export function botGame(
  e: Edition,
  seed: string,
  players: number,
  botFor: (seat: number) => Game['bot'],
): { actions: number; end: string } {
  const BOUND = 1500;
  const rng = new Rng(seedRng(`${seed}/bot`));
  let s = e.game.setup({ seed, players, options: { firstPlayer: 'random' } });
  let actions = 0;
  let end = '';
  while (e.game.toAct(s).length > 0) {
    expect(actions).toBeLessThan(BOUND);
    const seat = e.game.toAct(s)[0]!;
    const legal = e.game.legalActions(s, seat);
    stats.maxLegal[e.name] = Math.max(stats.maxLegal[e.name], legal.length);
    expect(legal.length).toBeLessThan(5000);
    const action = botFor(seat)({ seat, view: e.game.view(s, seat), legal, rng });
    const applied = e.game.apply(s, seat, action);
    for (const ev of applied.events) if (ev.type === 'game_over') end = String((ev.data as { reason: string }).reason);
    s = applied.state;
    actions++;
    if (actions % 25 === 0) {
      checkCards(e, s);
      checkTickets(e, s);
    }
  }
  checkCards(e, s);
  checkTickets(e, s);
  const outcome = e.game.outcome(s);
  expect(outcome).not.toBeNull();
  expect(outcome!.scores).toHaveLength(players);
  expect(outcome!.ranking).toHaveLength(players);
  expect(outcome!.ranking).toContain(1);
  outcome!.breakdown.forEach((lines, seat) => {
    expect(lines.reduce((sum, l) => sum + l.points, 0)).toBe(outcome!.scores[seat]);
  });
  // The game ended normally: someone got down to 2 trains or fewer, and the last round was played.
  expect(end).toBe('finalRound');
  expect(Math.min(...s.trains)).toBeLessThanOrEqual(2);
  expect(e.game.view(s, 'all').revealed?.tickets).toHaveLength(players);
  expect(e.game.view(s, 'spectator').result).toEqual(outcome);
  return { actions, end };
}
