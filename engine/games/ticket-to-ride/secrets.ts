/** What is hidden in Ticket to Ride and from whom (Europe TTRE-H, Germany TTRG-H), for the leak scans. */
import {
  others,
  randomRng,
  redeal,
  relabel,
  runs,
  type Secret,
  type SecretSpec,
  type Token,
} from '../../core/kit/secrets.js';
import type { Seat } from '../../core/contract.js';
import type { Hand } from './cards.js';
import type { TtrMap } from './map.js';
import type { TtrState } from './state.js';

/** Where ticket ids show: arrays of ids in events and views, or `id` of a ticket object. */
const TICKET_ARRAY_KEYS: ReadonlySet<string> = new Set([
  'tickets',
  'kept',
  'drawn',
  'dealt',
  'returned',
  'choosing',
  'setAside',
  'short',
  'long',
  'deck',
  'ticketDecks',
  'ticketIds',
  'offered',
]);
const TICKET_SCALAR_KEYS: ReadonlySet<string> = new Set(['id', 'ticket', 'ticketId']);

export function ttrSecrets(map: TtrMap): SecretSpec<TtrState> {
  const long = new Map(map.tickets.map((t) => [t.id, t.long]));
  const own = (s: TtrState, seat: Seat): number[] => [
    ...s.tickets[seat]!,
    ...s.opening[seat]!.dealt,
    ...(s.opening[seat]!.kept ?? []),
    ...(s.pending?.kind === 'tickets' && s.current === seat ? s.pending.drawn : []),
  ];
  const allTickets = (s: TtrState): number[] => [
    ...s.tickets.flat(),
    ...s.opening.flatMap((o) => [...o.dealt, ...(o.kept ?? [])]),
    ...s.ticketDecks.short,
    ...s.ticketDecks.long,
    ...s.setAside.short,
    ...s.setAside.long,
    ...(s.pending?.kind === 'tickets' ? s.pending.drawn : []),
  ];
  const germany = map.id === 'germany';
  return {
    rules: germany
      ? ['TTRG-3.6', 'TTRG-H2', 'TTRG-H3', 'TTRG-H5', 'TTRG-H8']
      : ['TTRE-3.5', 'TTRE-H2', 'TTRE-H3', 'TTRE-H7', 'TTRE-H8', 'TTRE-H12'],
    optionSets: [
      { name: 'random first player', options: () => ({}) },
      { name: 'first player seat 1', options: () => ({ firstPlayer: 1 }) },
    ],
    botShare: 0.5,
    rng: (s) => s.rng,
    known: (s, seat) => own(s, seat),
    secretsOf(s, seat, known = new Set()) {
      const mine = new Set<Token>([...known, ...own(s, seat)]);
      // Every ticket the seat has not held or been offered: others' tickets and opening deals,
      // others' pending draws, both decks and the Germany set-aside (TTRE-H7/H8, TTRG-H5).
      const hidden = [...new Set(allTickets(s))].filter((id) => !mine.has(id));
      const out: Secret[] = hidden.map((value) => ({
        kind: 'id',
        what: `ticket ${value} (not ${seat}'s)`,
        value,
        arrayKeys: TICKET_ARRAY_KEYS,
        scalarKeys: TICKET_SCALAR_KEYS,
      }));
      for (const [name, deck] of [
        ['short', s.ticketDecks.short],
        ['long', s.ticketDecks.long],
      ] as const)
        for (const r of runs(`${name} ticket deck order`, deck, mine)) out.push({ ...r, arrayKeys: TICKET_ARRAY_KEYS });
      // Train cards are colours, not unique: the deck order and other hands are checked by perturb().
      return out;
    },
    perturb(s, seat, rng) {
      const t = structuredClone(s);
      t.rng = randomRng(rng);
      // Other hands and the deck: one hidden pool of colours, dealt back in the same sizes (TTRE-H2, H3).
      const rest = others(s.players, seat);
      const expand = (h: Hand) => Object.entries(h).flatMap(([c, n]) => Array<string>(n).fill(c));
      const pool = [...t.deck, ...rest.flatMap((o) => expand(t.hands[o]!))];
      const piles = redeal(pool, [t.deck.length, ...rest.map((o) => expand(t.hands[o]!).length)], rng);
      t.deck = piles[0] as TtrState['deck'];
      rest.forEach((o, i) => {
        const hand = Object.fromEntries(Object.keys(t.hands[o]!).map((c) => [c, 0])) as Hand;
        for (const c of piles[i + 1]!)
          (hand as Record<string, number>)[c] = ((hand as Record<string, number>)[c] ?? 0) + 1;
        t.hands[o] = hand;
      });
      // Tickets: relabel every ticket the seat does not hold now, keeping LONG/SHORT (public in Germany, TTRG-H5).
      const mine = new Set(own(s, seat));
      const pi = relabel(
        allTickets(s).filter((id) => !mine.has(id)),
        (id) => String(long.get(id)),
        rng,
      );
      t.tickets = t.tickets.map((ts) => ts.map(pi));
      t.opening = t.opening.map((o) => ({ ...o, dealt: o.dealt.map(pi), kept: o.kept && o.kept.map(pi) }));
      t.ticketDecks = {
        short: rng.shuffle(t.ticketDecks.short.map(pi)),
        long: rng.shuffle(t.ticketDecks.long.map(pi)),
      };
      t.setAside = { short: t.setAside.short.map(pi), long: t.setAside.long.map(pi) };
      if (t.pending?.kind === 'tickets') t.pending = { ...t.pending, drawn: t.pending.drawn.map(pi) };
      // Europe: during the opening even how many tickets another seat kept is secret (TTRE-H12).
      if (!germany && t.phase === 'opening')
        for (const o of rest) {
          const op = t.opening[o]!;
          if (op.kept === null) continue;
          const n = 2 + rng.int(op.dealt.length - 1);
          const keep = new Set(rng.shuffle(op.dealt).slice(0, n));
          op.kept = op.dealt.filter((id) => keep.has(id));
        }
      return t;
    },
  };
}
