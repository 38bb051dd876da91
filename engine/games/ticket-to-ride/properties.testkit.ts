/**
 * The editions under property test, the figures the property suite reports, and the invariants
 * checked on every state it reaches: train cards, tickets (and Germany's passengers) conserved,
 * views private, log entries without secrets.
 */
import { expect } from 'vitest';
import type { GameDefinition, GameEvent } from '../../core/index.js';
import type { TtrAction, TtrOptions } from './actions.js';
import { handSize } from './cards.js';
import { CARD_TYPES, type CardType, type TtrMap } from './map.js';
import { europeMap, germanyMap } from './maps.js';
import { createRules, type TtrRules } from './rules.js';
import type { TtrState } from './state.js';
import type { TtrView } from './view.js';
import { ticketToRideEurope } from '../ticket-to-ride-europe/index.js';
import { ticketToRideGermany } from '../ticket-to-ride-germany/index.js';

export type Game = GameDefinition<TtrState, TtrAction, TtrOptions, TtrView>;

export interface Edition {
  name: 'europe' | 'germany';
  map: TtrMap;
  rules: TtrRules;
  game: Game;
  prefix: RegExp;
}

export const editions: Edition[] = [
  {
    name: 'europe',
    map: europeMap,
    rules: createRules(europeMap),
    game: ticketToRideEurope,
    prefix: /^TTRE-\d/,
  },
  {
    name: 'germany',
    map: germanyMap,
    rules: createRules(germanyMap),
    game: ticketToRideGermany,
    prefix: /^TTRG-\d/,
  },
];

export const stats = {
  maxLegal: { europe: 0, germany: 0 },
  botGames: {
    europe: [] as { players: number; actions: number; end: string }[],
    germany: [] as { players: number; actions: number; end: string }[],
  },
  randomStates: 0,
  kinds: {
    opening: 0,
    turn: 0,
    secondDraw: 0,
    tickets: 0,
    tunnel: 0,
    passengers: 0,
    'no cards left': 0,
    over: 0,
  } as Record<string, number>,
  checkedActions: 0,
  mutated: { accepted: 0, rejected: 0 },
};

// ---------- invariants on a single state

const colourCount = (cards: readonly CardType[], add: Record<CardType, number>) => {
  for (const c of cards) add[c]++;
};

export function checkCards(e: Edition, s: TtrState): void {
  const total = Object.fromEntries(CARD_TYPES.map((t) => [t, 0])) as Record<CardType, number>;
  for (const hand of s.hands) {
    for (const t of CARD_TYPES) {
      if (!(hand[t] >= 0)) throw new Error(`negative hand count ${t}: ${hand[t]}`);
      total[t] += hand[t];
    }
  }
  colourCount(s.deck, total);
  colourCount(
    s.market.filter((c): c is CardType => c !== null),
    total,
  );
  colourCount(s.discard, total);
  if (s.pending?.kind === 'tunnel') {
    for (const t of CARD_TYPES) total[t] += s.pending.committed[t] ?? 0;
    colourCount(s.pending.revealed, total);
  }
  // 110 cards: 12 of each colour and 14 locomotives (one expect only on failure: this runs thousands of times).
  const expected = Object.fromEntries(
    CARD_TYPES.map((t) => [t, t === 'loco' ? e.map.locomotives : e.map.cardsPerColour]),
  );
  if (CARD_TYPES.some((t) => total[t] !== expected[t]) || s.market.length !== 5)
    expect({ total, market: s.market.length }).toEqual({ total: expected, market: 5 });
}

function ticketsInPlay(s: TtrState): number[] {
  const ids = [...s.ticketDecks.short, ...s.ticketDecks.long, ...s.setAside.short, ...s.setAside.long];
  if (s.phase === 'opening') ids.push(...s.opening.flatMap((o) => o.kept ?? o.dealt));
  else ids.push(...s.tickets.flat());
  if (s.pending?.kind === 'tickets') ids.push(...s.pending.drawn);
  return ids;
}

export function checkTickets(e: Edition, s: TtrState): void {
  const ids = ticketsInPlay(s);
  expect(new Set(ids).size).toBe(ids.length);
  const all = new Set(e.map.tickets.map((t) => t.id));
  expect(ids.filter((id) => !all.has(id))).toEqual([]);
  const returnedAtOpening = s.opening.reduce((n, o) => n + (o.kept ? o.dealt.length - o.kept.length : 0), 0);
  if (e.name === 'europe') {
    // 46 minus the 6 − N long tickets never dealt, minus the opening returns (TTRE-2.7, 3.3).
    expect(ids).toHaveLength(46 - (6 - s.players) - returnedAtOpening);
    const long = new Set(e.map.tickets.filter((t) => t.long).map((t) => t.id));
    expect(s.ticketDecks.short.some((id) => long.has(id))).toBe(false);
    expect(s.ticketDecks.long).toEqual([]);
  } else {
    expect(ids).toHaveLength(89);
    let passengers = 0;
    for (const here of Object.values(s.passengersAt)) for (const n of Object.values(here)) passengers += n;
    for (const pool of s.passengers) for (const n of Object.values(pool)) passengers += n;
    expect(passengers).toBe(60);
    expect(Object.values(s.passengersAt).every((here) => Object.values(here).every((n) => n >= 0))).toBe(true);
  }
  expect(Math.min(...s.trains, ...s.stationsLeft)).toBeGreaterThanOrEqual(0);
}

/** Ticket ids seat v may know of right now: its kept tickets, its opening deal and its pending draw. */
function ownTickets(s: TtrState, v: number): { held: number[]; choosing: number[] } {
  const o = s.opening[v]!;
  if (s.phase === 'opening') return { held: o.kept ?? [], choosing: o.kept === null ? o.dealt : [] };
  return { held: s.tickets[v]!, choosing: s.pending?.kind === 'tickets' && s.current === v ? s.pending.drawn : [] };
}

export function checkViews(e: Edition, s: TtrState): void {
  for (let v = 0; v < s.players; v++) {
    const view = e.game.view(s, v);
    const json = JSON.stringify(view);
    expect(json).not.toContain('"rng"');
    expect(json).not.toContain('"deck"');
    expect(json).not.toContain('"hands"');
    if (s.deck.length >= 6) expect(json).not.toContain(JSON.stringify(s.deck));
    expect(view.revealed).toBeUndefined();
    expect(view.deckCount).toBe(s.deck.length);
    expect(view.you?.seat).toBe(v);
    expect(view.you?.hand).toEqual(s.hands[v]);
    view.players.forEach((p, seat) => expect(p.cards).toBe(handSize(s.hands[seat]!)));
    const own = ownTickets(s, v);
    const youIds = [...view.you!.tickets.map((t) => t.id), ...(view.you!.choosing ?? []).map((t) => t.id)];
    // Exactly its own tickets: no other seat's, none from the decks or the set-aside pile.
    expect([...youIds].sort()).toEqual([...own.held, ...own.choosing].sort());
    for (let w = 0; w < s.players; w++) {
      if (w === v) continue;
      const other = ownTickets(s, w);
      for (const id of [...other.held, ...other.choosing]) expect(youIds).not.toContain(id);
    }
    if (s.phase === 'opening' && e.name === 'europe') for (const p of view.players) expect(p.tickets).toBeNull();
  }
  const spectator = e.game.view(s, 'spectator');
  expect(spectator.you).toBeUndefined();
  expect(spectator.revealed).toBeUndefined();
  const sj = JSON.stringify(spectator);
  expect(sj).not.toContain('"rng"');
  if (s.deck.length >= 6) expect(sj).not.toContain(JSON.stringify(s.deck));
}

/** Private log entries carry a public twin without identities; public ones never carry secrets. */
export function checkEvents(events: readonly GameEvent[]): void {
  const secret = new Set([
    'drew_blind',
    'drew_tickets',
    'kept_tickets',
    'drew_opening_tickets',
    'kept_opening_tickets',
  ]);
  for (const ev of events) {
    if (secret.has(ev.type)) {
      expect(ev.visibleTo).toBeDefined();
      expect(ev.redacted).toBeDefined();
      for (const value of Object.values(ev.redacted!.data ?? {})) expect(Array.isArray(value)).toBe(false);
      expect(ev.redacted!.data ?? {}).not.toHaveProperty('card');
    } else {
      expect(ev.visibleTo).toBeUndefined();
    }
  }
}
