/**
 * HARD-4 secret-leak scan, over the engine: for every catalog game,
 * seeded random games (seat counts from min to max, option sets that change what is secret) where
 * at every version each seat's view, what it sees of the events (through the API's own visibility
 * rule, functions/service/visibility.ts) and the error messages of illegal actions it tries are
 * scanned for any other seat's secret values, the hidden deck order, the RNG state and the seed
 * (test/leak/secrets.ts says what is secret per game and cites the rules). Values that are not
 * unique tokens are checked differentially: the hidden part of the state is resampled and the
 * seat's view, events and errors must not change. Zero hits is the pass mark.
 *
 * CI runs a few games per game type. The long version:
 *   LEAK_GAMES=1000 npx vitest run test/leak
 * (LEAK_STEPS caps the actions per game, LEAK_DEEP_EVERY sets how often the differential checks
 * and illegal-action probes run: every fifth state by default.)
 */
import { describe, expect, it } from 'vitest';
import { RuleError, type AnyGame, type GameEvent, type Seat } from '../../engine/core/index.js';
import { catalogGames } from '../../engine/games/index.js';
import { commonSecrets, leakSpecs, scan, specFor, type LeakSpec } from './secrets.js';
import { GAMES, newTally, scanGame, summary } from './secret-leak.testkit.js';

describe('HARD-4 secret-leak scan over the engine', () => {
  it('covers every catalog game', () => {
    expect(leakSpecs.map((s) => s.game.id).sort()).toEqual(catalogGames.map((g) => g.id).sort());
  });

  const what: Record<string, string> = {
    'ticket-to-ride-europe':
      "another seat's tickets or train cards, the ticket or card deck order (TTRE-3.5, TTRE-H2, H3, H7, H8, H12)",
    'ticket-to-ride-germany':
      "another seat's tickets or train cards, the set-aside tickets, the deck orders (TTRG-3.6, TTRG-H2, H3, H5, H8)",
    streetcar:
      "another seat's hand tiles, line or route card, the unused cards, the stacks (SC-15.1, SC-15.2, SC-15.3)",
    'trains-and-stations':
      "another seat's special or goods cards, hand sizes, sealed commitments, the special deck (TS-17.2, 17.3, 17.5, 17.6)",
    'vlaky-na-trati': "another seat's hand, the boxed or discarded A cards, the deck B order (H-1, H-2)",
  };

  for (const spec of leakSpecs) {
    it(`HARD-4 secret-leak: ${spec.game.id} views, events and errors never show ${what[spec.game.id]}, the RNG state or the seed`, () => {
      const tally = newTally();
      for (let g = 0; g < GAMES; g++) scanGame(spec, g, tally);
      console.log(`HARD-4 ${summary(spec.game.id, tally)}`);
      expect(tally.hits.slice(0, 20)).toEqual([]);
      // Not vacuous: states were scanned, with secrets to look for, and the differential checks ran.
      expect(tally.seatViews).toBeGreaterThan(0);
      expect(tally.values).toBeGreaterThan(0);
      expect(tally.viewDiffs).toBeGreaterThan(0);
      expect(tally.eventDiffs).toBeGreaterThan(0);
      expect(tally.errors).toBeGreaterThan(0);
    }, 600_000);
  }
});

describe('HARD-4 secret-leak scanner self-test: a planted leak is found', () => {
  const ttr = specFor('ticket-to-ride-europe');
  const vnt = specFor('vlaky-na-trati');

  it('scan() finds another seat’s ticket, a card id, a deck run, an RNG word and the seed; and nothing in a clean view', () => {
    let state = ttr.game.setup({ seed: 'self-test', players: 3, options: ttr.game.options.parse({}) });
    for (let i = 0; i < 3; i++) state = ttr.game.apply(state, i, ttr.game.legalActions(state, i)[0]!).state;
    const secrets = [...ttr.secretsOf(state, 0), ...commonSecrets('f'.repeat(64), ttr.rng(state))];
    const view = ttr.game.view(state, 0) as Record<string, unknown>;
    expect(scan(view, secrets)).toEqual([]);
    const theirs = (state as { tickets: number[][] }).tickets[1]![0]!;
    expect(scan({ ...view, peek: { tickets: [theirs] } }, secrets).map((h) => h.what)).toContain(
      `ticket ${theirs} (not 0's)`,
    );
    expect(scan({ ...view, peek: [{ id: theirs, a: 'X', b: 'Y' }] }, secrets)).not.toEqual([]);
    const deck = (state as { ticketDecks: { short: number[] } }).ticketDecks.short;
    expect(scan({ ...view, deck: deck.slice(4, 7) }, secrets).map((h) => h.what)).toContain('short ticket deck order');
    expect(scan({ ...view, n: ttr.rng(state)[1] }, secrets).map((h) => h.what)).toContain('an RNG word');
    expect(scan({ ...view, message: `seed ${'f'.repeat(64)}` }, secrets).map((h) => h.what)).toContain('the seed');

    let v = vnt.game.setup({ seed: 'self-test', players: 2, options: vnt.game.options.parse({}) });
    const vs = vnt.secretsOf(v, 0);
    const card = (v as { players: { hand: string[] }[] }).players[1]!.hand[0]!;
    expect(scan(vnt.game.view(v, 0), vs)).toEqual([]);
    expect(scan({ detail: `You may not discard ${card}, it is in Ben's hand` }, vs).map((h) => h.found)).toContain(
      `"You may not discard ${card}, it is in Ben's hand"`,
    );
    v = structuredClone(v);
    const deckB = (v as { deckB: string[] }).deckB;
    expect(scan({ message: `next: ${deckB.slice(0, 3).join(', ')}` }, vs).map((h) => h.what)).toContain('deck B order');
  });

  /** Runs the scan on a game that leaks on purpose and returns what it found. */
  function leaky(spec: LeakSpec, change: Partial<AnyGame>): string[] {
    const tally = newTally();
    scanGame(spec, 1, tally, { ...spec.game, ...change } as AnyGame);
    return tally.hits;
  }

  it('a view that shows other seats’ tickets is caught by the token scan', () => {
    const hits = leaky(ttr, { view: (s: any, v) => ({ ...ttr.game.view(s, v), oops: { tickets: s.tickets.flat() } }) });
    expect(hits.some((h) => h.includes(', view: ticket'))).toBe(true);
  });

  it('a view that shows other hands (colours, not unique) is caught by the differential check', () => {
    const hits = leaky(ttr, { view: (s: any, v) => ({ ...ttr.game.view(s, v), oops: s.hands }) });
    expect(hits.some((h) => h.includes('view depends on hidden state'))).toBe(true);
  });

  it('events shown unredacted to everyone are caught (ticket ids by token, blind-drawn colours by difference)', () => {
    const apply = (s: any, seat: Seat, a: any) => {
      const r = ttr.game.apply(s, seat, a);
      return { ...r, events: r.events.map((e: GameEvent) => ({ type: e.type, ...(e.data ? { data: e.data } : {}) })) };
    };
    const hits = leaky(ttr, { apply });
    expect(hits.some((h) => h.includes(', events: ticket'))).toBe(true);
    expect(hits.some((h) => h.includes('events depend on hidden state'))).toBe(true);
  });

  it('an error message naming another seat’s card is caught, and one that depends on hidden state too', () => {
    const spell = (s: any, seat: Seat, a: any) => {
      try {
        return vnt.game.apply(s, seat, a);
      } catch (err) {
        if (err instanceof RuleError)
          throw new RuleError(
            err.code,
            `${err.message} (seat ${(seat + 1) % s.players.length} holds ${s.players[(seat + 1) % s.players.length].hand.join(', ')})`,
            err.rule,
          );
        throw err;
      }
    };
    const hits = leaky(vnt, { apply: spell });
    expect(hits.some((h) => h.includes(', error: A card'))).toBe(true);
    expect(hits.some((h) => h.includes('error depends on hidden state'))).toBe(true);
  });
});
