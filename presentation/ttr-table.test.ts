/**
 * The Ticket to Ride table's decisions, on real games: what glows on the board for
 * the step due, the ticket choice as single tickets with the rules' minimum, a ticket's connection
 * state, and the card faces and hand groups the table draws.
 */
import { describe, expect, it } from 'vitest';
import { Rng, seedRng, type AnyGame } from '../engine/core/index.js';
import { ticketToRideEurope } from '../engine/games/ticket-to-ride-europe/index.js';
import { ticketToRideGermany } from '../engine/games/ticket-to-ride-germany/index.js';
import type { TtrMap } from '../engine/games/ticket-to-ride/map.js';
import type { TtrView } from '../engine/games/ticket-to-ride/view.js';
import type { UiAction } from './game-ui.js';
import { numbers } from './loose.js';
import { renderTicketToRide } from './ticket-to-ride.js';
import { ticketToRideUi } from './ticket-to-ride.ui.js';
import { assertWellFormed as wellFormed, attrValues, EN } from './testkit.js';
import { CARD_ORDER, cardFace, handGroups } from './ttr-cards.js';
import { canBuildStation, glowingPlaces, keepAction, keepMinimum, ticketMixes, ticketState } from './ttr-table.js';
import { translate } from '../web/client/i18n.testkit.js';

type State = unknown;
const europe = ticketToRideEurope as AnyGame;
const germany = ticketToRideGermany as AnyGame;
const legalOf = (game: AnyGame, state: State, seat: number) => game.legalActions(state, seat) as UiAction[];

/** A 2-player game after both seats kept their opening tickets (the bot's choice). */
function started(game: AnyGame, seed: string): { state: State; rng: Rng } {
  let state = game.setup({ seed, players: 2, options: game.options.parse({ firstPlayer: 0 }) });
  const rng = new Rng(seedRng(seed));
  while ((game.view(state, 0) as TtrView).phase === 'opening') {
    const seat = game.toAct(state)[0]!;
    const legal = game.legalActions(state, seat);
    state = game.apply(state, seat, game.bot({ seat, view: game.view(state, seat), legal, rng })).state;
  }
  return { state, rng };
}

describe('ticket choice', () => {
  it('Europe opening: at least 2 of the 4 dealt tickets (TTRE-3.2); the confirm is the legal keep of exactly the tickets chosen', () => {
    const state = europe.setup({ seed: 'keep-e', players: 2, options: europe.options.parse({}) });
    const legal = legalOf(europe, state, 0);
    const dealt = (europe.view(state, 0) as TtrView).you!.choosing!.map((t) => t.id);
    expect(dealt).toHaveLength(4);
    expect(keepMinimum(legal)).toBe(2);
    expect(keepAction(legal, dealt.slice(0, 1))).toBeUndefined();
    expect(keepAction(legal, [])).toBeUndefined();
    const two = keepAction(legal, [dealt[2]!, dealt[0]!]);
    expect(two).toBeDefined();
    expect(europe.apply(state, 0, two as never).events.map((e) => e.type)).toContain('kept_opening_tickets');
    expect(numbers(keepAction(legal, dealt)?.tickets).sort()).toEqual(dealt.slice().sort());
  });

  it('Germany opening: at least 2 of the 4 drawn (TTRG-3.3), after the mix is announced', () => {
    let state = germany.setup({ seed: 'keep-g', players: 2, options: germany.options.parse({}) });
    expect(keepMinimum(legalOf(germany, state, 0))).toBe(0);
    state = germany.apply(state, 0, { type: 'choose_initial_tickets', short: 2 } as never).state;
    const legal = legalOf(germany, state, 0);
    const drawn = (germany.view(state, 0) as TtrView).you!.choosing!.map((t) => t.id);
    expect(keepMinimum(legal)).toBe(2);
    expect(keepAction(legal, [drawn[3]!])).toBeUndefined();
    expect(keepAction(legal, [drawn[3]!, drawn[1]!])).toBeDefined();
  });

  it.each([
    ['Europe', 'TTRE-11.3', europe],
    ['Germany', 'TTRG-10.4', germany],
  ] as const)('%s, a later draw: at least 1 of the tickets drawn (%s)', (_name, rule, game) => {
    const { state } = started(game, `draw-${rule}`);
    const draw = legalOf(game, state, 0).find((a) => a.type === 'draw_tickets')!;
    const after = game.apply(state, 0, draw as never).state;
    const legal = legalOf(game, after, 0);
    const drawn = (game.view(after, 0) as TtrView).you!.choosing!.map((t) => t.id);
    expect(keepMinimum(legal)).toBe(1);
    expect(keepAction(legal, [])).toBeUndefined();
    for (const id of drawn) expect(keepAction(legal, [id])).toMatchObject({ type: 'keep_tickets', tickets: [id] });
  });
});

describe("Germany's ticket mixes", () => {
  it('the opening offers every mix of 4 (TTRG-3.1); a turn offers the mixes the decks allow, each adding up to 4 (TTRG-10.1, TTRG-10.2)', () => {
    const fresh = germany.setup({ seed: 'mix-g', players: 2, options: germany.options.parse({ firstPlayer: 0 }) });
    const opening = ticketMixes(legalOf(germany, fresh, 0), (germany.view(fresh, 0) as TtrView).ticketDecks);
    expect(opening.map((m) => [m.short, m.long])).toEqual([
      [0, 4],
      [1, 3],
      [2, 2],
      [3, 1],
      [4, 0],
    ]);
    expect(opening.every((m) => m.action.type === 'choose_initial_tickets')).toBe(true);
    const { state } = started(germany, 'mix-g');
    const turn = ticketMixes(legalOf(germany, state, 0), (germany.view(state, 0) as TtrView).ticketDecks);
    expect(turn.map((m) => m.short)).toEqual([0, 1, 2, 3, 4]);
    for (const m of turn) {
      expect(m.action).toEqual({ type: 'draw_tickets', short: m.short });
      expect(m.short + m.long).toBe(4);
    }
  });

  it('with a short deck of 1 and a long deck of 2, the only mix is 1 short + 2 long (TTRG-10.2, scenario T05)', () => {
    const legal = [{ type: 'draw_tickets', short: 1 }] as UiAction[];
    expect(ticketMixes(legal, { short: 1, long: 2 }).map((m) => [m.short, m.long])).toEqual([[1, 2]]);
  });

  it('Europe names no mix: its single draw is a tap on the pile (TTRE-11.1)', () => {
    const { state } = started(europe, 'mix-e');
    expect(legalOf(europe, state, 0).some((a) => a.type === 'draw_tickets')).toBe(true);
    expect(ticketMixes(legalOf(europe, state, 0), (europe.view(state, 0) as TtrView).ticketDecks)).toEqual([]);
  });
});

describe('what glows on the board', () => {
  it('in a turn: exactly the routes some legal claim is for, no city, no card (TTRE-7.1, TTRE-4.7)', () => {
    const { state } = started(europe, 'glow');
    const legal = legalOf(europe, state, 0);
    const glow = glowingPlaces(legal, null);
    const claimable = new Set(legal.filter((a) => a.type === 'claim_route').map((a) => `route:${String(a.route)}`));
    expect(new Set(glow)).toEqual(claimable);
    expect(glow.some((k) => !k.startsWith('route:'))).toBe(false);
  });

  it('after one face-up card the second draw is due: nothing on the board glows (TTRE-5.8, TTRE-4.7)', () => {
    const { state } = started(europe, 'glow-2');
    const legal = legalOf(europe, state, 0);
    const view = europe.view(state, 0) as TtrView;
    const slot = view.market.findIndex((c) => c !== null && c !== 'loco');
    const after = europe.apply(
      state,
      0,
      legal.find((a) => a.type === 'draw_face_up' && a.slot === slot) as never,
    ).state;
    const second = legalOf(europe, after, 0);
    expect(second.every((a) => a.type === 'draw_face_up' || a.type === 'draw_blind')).toBe(true);
    expect(glowingPlaces(second, null)).toEqual([]);
    expect(glowingPlaces(second, 'station')).toEqual([]);
  });

  it('station sites glow only once the player chose to build a station, and only where one can be built (TTRE-12.1)', () => {
    const legal: UiAction[] = [
      { type: 'claim_route', route: 3, cards: { red: 2 } },
      { type: 'build_station', city: 'Wien', cards: { red: 1 } },
      { type: 'build_station', city: 'Wien', cards: { loco: 1 } },
      { type: 'build_station', city: 'Roma', cards: { red: 1 } },
      { type: 'draw_blind' },
    ];
    expect(glowingPlaces(legal, null)).toEqual(['route:3']);
    expect(glowingPlaces(legal, 'station')).toEqual(['city:Wien', 'city:Roma']);
    expect(canBuildStation(legal)).toBe(true);
    expect(canBuildStation(legal.filter((a) => a.type !== 'build_station'))).toBe(false);
  });

  it('the glowing keys are places the table-less picture and the table picture both draw as targets', () => {
    const { state } = started(europe, 'glow-3');
    const view = europe.view(state, 0) as TtrView;
    const svg = renderTicketToRide(europe.components as TtrMap, view, { t: EN, table: true });
    wellFormed(svg);
    const present = new Set(attrValues(svg, 'data-target'));
    for (const key of glowingPlaces(legalOf(europe, state, 0), null)) expect(present.has(key), key).toBe(true);
    // The table draws the market itself: the picture leaves its card row out.
    expect(attrValues(svg, 'data-market')).toEqual([]);
    expect(attrValues(renderTicketToRide(europe.components as TtrMap, view, { t: EN }), 'data-market')).toHaveLength(5);
    // Every place can be marked (a ticket's cities).
    expect(attrValues(svg, 'data-mark')).toContain('place:Wien');
  });
});

describe('the table in words', () => {
  it('a face-up card is named by its place counted from 1, as the action list counts it', () => {
    const ui = ticketToRideUi(translate('en'));
    expect(ui.placeName!('market:0', europe.components)).toBe('Face-up card 1');
    expect(ui.describeAction({ type: 'draw_face_up', slot: 0 }, europe.components, { market: ['red'] })).toBe(
      'Take the face-up red (slot 1)',
    );
    expect(ui.placeName!('city:Wien', europe.components)).toBe('Wien');
    expect(ui.placeName!('route:1', europe.components)).not.toMatch(/route:|undefined/);
    expect(ui.tapActs).toBe(true);
    for (const type of [
      'keep_initial_tickets',
      'keep_tickets',
      'draw_face_up',
      'draw_blind',
      'draw_tickets',
      'choose_initial_tickets',
    ])
      expect(ui.onTable!({ type }), type).toBe(true);
    for (const type of ['pay_tunnel', 'withdraw_tunnel', 'take_passengers', 'claim_route'])
      expect(ui.onTable!({ type }), type).toBe(false);
  });
});

describe('ticket state (TTRE-14.3, TTRG-11.1)', () => {
  const map = europe.components as TtrMap;
  const route = (a: string, b: string) => map.routes.find((r) => (r.a === a && r.b === b) || (r.a === b && r.b === a))!;
  const owners = (...claims: [number, number][]) => Object.fromEntries(claims.map(([id, seat]) => [String(id), seat]));
  const [ab, bc] = [route('Paris', 'Bruxelles'), route('Bruxelles', 'Amsterdam')];

  it('own routes joining both cities: connected; a station borrowing another player’s route: connected with a station; else not', () => {
    const ticket = { a: 'Paris', b: 'Amsterdam' };
    expect(ticketState(map, { routeOwners: owners([ab.id, 0], [bc.id, 0]), stations: [] }, 0, ticket)).toBe(
      'connected',
    );
    expect(ticketState(map, { routeOwners: owners([ab.id, 0], [bc.id, 1]), stations: [] }, 0, ticket)).toBe(
      'notConnected',
    );
    expect(
      ticketState(
        map,
        { routeOwners: owners([ab.id, 0], [bc.id, 1]), stations: [{ city: 'Bruxelles', seat: 0 }] },
        0,
        ticket,
      ),
    ).toBe('connectedStation');
    expect(
      ticketState(
        map,
        { routeOwners: owners([ab.id, 0], [bc.id, 1]), stations: [{ city: 'Bruxelles', seat: 1 }] },
        0,
        ticket,
      ),
    ).toBe('notConnected');
  });
});

describe('card faces', () => {
  it('each card type has its own picture (a shape as well as a colour), the deck a back', () => {
    const faces = [...CARD_ORDER.map((c) => cardFace(c)), cardFace(null)];
    for (const f of faces) wellFormed(f);
    expect(new Set(faces).size).toBe(faces.length);
    // Without colours the pictures still differ: the shape on the wagon tells the card.
    const shapes = CARD_ORDER.map((c) => cardFace(c).replace(/fill="[^"]*"|stroke="[^"]*"/g, ''));
    expect(new Set(shapes).size).toBe(CARD_ORDER.length);
    expect(cardFace('red')).toContain('aria-hidden="true"');
  });

  it('a hand is grouped by card type in card order, with counts, leaving out types it lacks', () => {
    expect(handGroups({ loco: 2, red: 1, pink: 0, blue: 3 })).toEqual([
      { type: 'blue', count: 3 },
      { type: 'red', count: 1 },
      { type: 'loco', count: 2 },
    ]);
    expect(handGroups({})).toEqual([]);
  });
});
