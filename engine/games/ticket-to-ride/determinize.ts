/**
 * A full Ticket to Ride state consistent with one seat's view, for search bots. It
 * reads the view only: train cards not in sight (other hands, the deck) are dealt at random from the
 * full deck minus the market, the discard pile, the seat's hand and a pending tunnel's cards
 * (TTRE-H2/H3/H4); tickets not in the seat's hand are dealt from the tickets it cannot see, in the
 * counts the view shows (per deck in Germany, TTRG-H5). The seat's own returned tickets are not in
 * its view, so they count as unseen too.
 */
import { cloneJson, type Rng, type Seat } from '../../core/index.js';
import { randomRng } from '../../core/kit/secrets.js';
import type { TtrOptions } from './actions.js';
import { fullDeck, handOf, type Hand } from './cards.js';
import type { CardType, TtrMap } from './map.js';
import type { OpeningChoice, Pending, TtrState } from './state.js';
import type { TtrView } from './view.js';

const EUROPE_OPENING_REGULAR = 3;
const GERMANY_OPENING = 4;

/** Removes one of each of `cards` from `pool` (a multiset). */
function without(pool: CardType[], cards: Iterable<CardType>): CardType[] {
  const out = pool.slice();
  for (const c of cards) out.splice(out.indexOf(c), 1);
  return out;
}

const expand = (cards: Partial<Record<CardType, number>>): CardType[] =>
  Object.entries(cards).flatMap(([c, n]) => Array<CardType>(n ?? 0).fill(c as CardType));

/** Kept tickets in dealt order: a random subset of at least `min`. */
function someOf(rng: Rng, dealt: readonly number[], min: number): number[] {
  const n = min + rng.int(dealt.length - min + 1);
  const keep = new Set(rng.shuffle(dealt).slice(0, n));
  return dealt.filter((id) => keep.has(id));
}

export function createDeterminize(map: TtrMap) {
  const germany = map.id === 'germany';
  const isLong = new Map(map.tickets.map((t) => [t.id, t.long]));

  return function determinize(v: TtrView, seat: Seat, rng: Rng, options: TtrOptions): TtrState {
    const you = v.you;
    if (!you || you.seat !== seat) throw new Error('determinize needs the view of the seat it plays');
    const players = v.players.length;
    const others = v.players.map((p) => p.seat).filter((o) => o !== seat);
    const opening = v.phase === 'opening';
    const pending = v.pending;

    // ---- train cards
    const tunnel = pending?.kind === 'tunnel' ? pending : null;
    const seen = [
      ...v.market.filter((c): c is CardType => c !== null),
      ...expand(v.discard),
      ...expand(you.hand),
      ...(tunnel ? [...expand(tunnel.committed), ...tunnel.revealed] : []),
    ];
    const unseen = rng.shuffle(without(fullDeck(map.cardsPerColour, map.locomotives), seen));
    const hands: Hand[] = v.players.map((p) => (p.seat === seat ? { ...you.hand } : handOf(unseen.splice(0, p.cards))));
    const deck = unseen;

    // ---- tickets
    const mine = you.tickets.map((t) => t.id);
    const choosing = (you.choosing ?? []).map((t) => t.id);
    const known = new Set([...mine, ...choosing]);
    const pool = (long: boolean) =>
      rng.shuffle(map.tickets.filter((t) => t.long === long && !known.has(t.id)).map((t) => t.id));
    const shorts = pool(false);
    const longs = pool(true);
    const take = (from: number[], n: number) => from.splice(0, Math.max(0, n));

    const tickets: number[][] = v.players.map(() => []);
    const openingChoices: OpeningChoice[] = v.players.map(() => ({ short: null, dealt: [], kept: null }));
    let drawn: number[] = [];
    tickets[seat] = mine;

    if (opening) {
      openingChoices[seat] = you.choosing
        ? { short: you.openingMix ?? null, dealt: choosing, kept: null }
        : { short: you.openingMix ?? null, dealt: mine, kept: mine };
      tickets[seat] = [];
      if (germany) {
        // Kept mixes are public (TTRG-H5); the dealt-but-undecided hands are what the decks miss.
        for (const o of others) {
          const types = v.players[o]!.ticketTypes;
          if (!v.players[o]!.ready || !types) continue;
          const kept = [...take(shorts, types.short), ...take(longs, types.long)];
          openingChoices[o] = { short: types.short, dealt: kept, kept };
        }
        const hiddenShort = shorts.length - v.ticketDecks.short;
        const hiddenLong = longs.length - v.ticketDecks.long;
        const undecided = rng.shuffle(others.filter((o) => !v.players[o]!.ready));
        const hidden = rng.shuffle([...take(shorts, hiddenShort), ...take(longs, hiddenLong)]);
        for (const o of undecided.slice(0, Math.floor(hidden.length / GERMANY_OPENING))) {
          const dealt = hidden.splice(0, GERMANY_OPENING);
          const short = dealt.filter((id) => !isLong.get(id)).length;
          openingChoices[o] = {
            short,
            dealt: [...dealt.filter((id) => !isLong.get(id)), ...dealt.filter((id) => isLong.get(id))],
            kept: null,
          };
        }
      } else {
        // Europe deals one long and three regular tickets to each seat (TTRE-2.7); even how many another seat kept is secret (TTRE-H12).
        for (const o of others) {
          const dealt = [...take(longs, 1), ...take(shorts, EUROPE_OPENING_REGULAR)];
          openingChoices[o] = { short: null, dealt, kept: v.players[o]!.ready ? someOf(rng, dealt, 2) : null };
        }
      }
    } else {
      const otherDraw = pending?.kind === 'tickets' && v.current !== seat ? pending.count : 0;
      if (germany) {
        for (const o of others) {
          const types = v.players[o]!.ticketTypes ?? { short: 0, long: 0 };
          tickets[o] = [...take(shorts, types.short), ...take(longs, types.long)];
        }
        // What the decks miss is in the current seat's hand, undecided.
        drawn = [
          ...take(shorts, shorts.length - v.ticketDecks.short),
          ...take(longs, longs.length - v.ticketDecks.long),
        ];
      } else {
        // Returned Europe tickets leave the game (opening) or go under the deck, so counts do not tell
        // who holds a long ticket: as many as the regular tickets left over require, and each other
        // holder with even odds beyond that.
        const held = others.reduce((n, o) => n + (v.players[o]!.tickets ?? 0), 0);
        const mustBeLong = held + v.ticketDecks.short + otherDraw - shorts.length;
        rng.shuffle(others.filter((o) => (v.players[o]!.tickets ?? 0) > 0)).forEach((o, i) => {
          const n = v.players[o]!.tickets!;
          const l = i < mustBeLong || rng.int(2) === 1 ? Math.min(1, longs.length) : 0;
          tickets[o] = [...take(longs, l), ...take(shorts, n - l)];
        });
        drawn = take(shorts, otherDraw);
      }
      for (const o of others) openingChoices[o] = { short: null, dealt: [...tickets[o]!], kept: [...tickets[o]!] };
      openingChoices[seat] = { short: null, dealt: [...mine], kept: [...mine] };
    }
    if (pending?.kind === 'tickets' && v.current === seat) drawn = choosing;

    const statePending: Pending | null =
      pending === null
        ? null
        : pending.kind === 'tickets'
          ? { kind: 'tickets', drawn }
          : pending.kind === 'tunnel'
            ? {
                kind: 'tunnel',
                route: pending.route,
                committed: { ...pending.committed },
                revealed: [...pending.revealed],
                extra: pending.extra,
                match: pending.match,
              }
            : { ...pending };

    const first = options.firstPlayer === 'random' ? rng.int(players) : options.firstPlayer;
    return {
      map: map.id,
      rng: randomRng(rng),
      players,
      phase: v.phase,
      current: v.current ?? first,
      pending: statePending,
      deck,
      market: [...v.market],
      // The discard pile's order is hidden (TTRE-A31) and only matters once it is reshuffled.
      discard: rng.shuffle(expand(v.discard)),
      hands,
      trains: v.players.map((p) => p.trains),
      stationsLeft: v.players.map((p) => p.stationsLeft),
      routeOwners: { ...v.routeOwners },
      stations: cloneJson(v.stations),
      routePoints: v.players.map((p) => p.routePoints),
      tickets,
      // Europe: the tickets not accounted for left the game (undealt long ones, TTRE-2.7, and opening returns).
      ticketDecks: germany ? { short: shorts, long: longs } : { short: take(shorts, v.ticketDecks.short), long: [] },
      opening: openingChoices,
      setAside: { short: [], long: [] },
      finalRound: v.finalRound && { ...v.finalRound },
      // Not in the view; a full round of passes is rare enough to ignore.
      passStreak: 0,
      passengersAt: cloneJson(v.passengersAt),
      passengers: v.players.map((p) => ({ ...p.passengers })),
      turn: v.turn,
      result: v.result && cloneJson(v.result),
    };
  };
}
