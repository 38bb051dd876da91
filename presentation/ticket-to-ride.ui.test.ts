import { describe, expect, it } from 'vitest';
import { Rng, seedRng, type AnyGame, type GameEvent } from '../engine/core/index.js';
import { ticketToRideEurope } from '../engine/games/ticket-to-ride-europe/index.js';
import { ticketToRideGermany } from '../engine/games/ticket-to-ride-germany/index.js';
import type { TtrMap } from '../engine/games/ticket-to-ride/map.js';
import { finalScoring } from '../engine/games/ticket-to-ride/scoring.js';
import type { TtrState } from '../engine/games/ticket-to-ride/state.js';
import type { TtrView } from '../engine/games/ticket-to-ride/view.js';
import { plainWords, type UiAction } from './game-ui.js';
import { renderBoard } from './index.js';
import { attrValues, EN } from './testkit.js';
import { cardsText, ticketToRideUi } from './ticket-to-ride.ui.js';
import { translate } from '../web/client/i18n.testkit.js';
import { LANGUAGES } from '../engine/core/languages.js';

const seatName = (seat: number) => `P${seat + 1}`;
/** The wording in every language of the web client; `ui` is the English one. */
const uis = LANGUAGES.map((lang) => [lang, ticketToRideUi(translate(lang))] as const);
const en = translate('en');
const ui = ticketToRideUi(en);

interface Seen {
  actionTypes: Set<string>;
  targetKeys: number;
  eventTypes: Set<string>;
  states: number;
}

/**
 * Plays with the game's bot (and random moves) and checks at every state: each target key of each legal
 * action is a data-target of the acting seat's picture, descriptions are non-empty and distinct, and every
 * event (as its owner and as everyone else sees it) reads as a sentence rather than the fallback, in every
 * language (a message missing in one throws).
 */
function exercise(game: AnyGame, seed: string, players: number, steps: number, renderEvery = 1): Seen {
  const seen: Seen = { actionTypes: new Set(), targetKeys: 0, eventTypes: new Set(), states: 0 };
  let state = game.setup({ seed, players, options: game.options.parse({}) });
  const rng = new Rng(seedRng(`${seed}/ui`));
  const checkEvent = (e: GameEvent | { type: string; data?: Record<string, unknown> }) => {
    for (const [lang, ui] of uis) {
      const line = ui.describeEvent(e, game.components, seatName);
      expect(line, `${lang} ${e.type}`).not.toBe(plainWords(e.type, e.data));
      expect(line.trim().length).toBeGreaterThan(0);
      expect(line).not.toMatch(/undefined|NaN|\[object|\{\{/);
    }
    seen.eventTypes.add(e.type);
  };
  for (let n = 0; n < steps; n++) {
    const seats = game.toAct(state) as number[];
    if (seats.length === 0) break;
    for (const seat of seats) {
      const legal = game.legalActions(state, seat) as UiAction[];
      const view = game.view(state, seat) as TtrView;
      const texts = legal.map((a) => ui.describeAction(a, game.components, view));
      // With the view, a face-up draw names the card in its slot (TTRE-5.1 (a): a card taken from the market, whose cards lie open).
      legal.forEach((a, i) => {
        const card = a.type === 'draw_face_up' ? view.market[a.slot as number] : null;
        if (card && !texts[i]!.includes(card === 'loco' ? 'locomotive' : card)) expect(texts[i]).toContain(card);
      });
      // Plain checks first: expect() per action would dominate the run time.
      for (const [lang, other] of uis) {
        const said = lang === 'en' ? texts : legal.map((a) => other.describeAction(a, game.components, view));
        const bad = said.filter((t) => t.trim() === '' || /undefined|NaN|\[object|\?|\{\{/.test(t));
        if (bad.length > 0) expect(bad, lang).toEqual([]);
        if (new Set(said).size !== said.length)
          expect(
            said.filter((t, i) => said.indexOf(t) !== i),
            lang,
          ).toEqual([]);
      }
      legal.forEach((a) => seen.actionTypes.add(a.type));
      const keys = legal.flatMap((a) => ui.targets(a));
      if (keys.length > 0 && (n % renderEvery === 0 || seen.states < 3)) {
        const svg = renderBoard(game.id, game.components, game.view(state, seat), { t: EN })!;
        const present = new Set(attrValues(svg, 'data-target'));
        const missing = keys.filter((k) => !present.has(k));
        if (missing.length > 0) expect(missing).toEqual([]);
        seen.targetKeys += keys.length;
        seen.states++;
      }
    }
    const seat = seats[0]!;
    const legal = game.legalActions(state, seat);
    const action = rng.int(4) === 0 ? rng.pick(legal) : game.bot({ seat, view: game.view(state, seat), legal, rng });
    const applied = game.apply(state, seat, action);
    for (const e of applied.events) {
      checkEvent(e);
      if (e.redacted) checkEvent(e.redacted);
    }
    state = applied.state;
  }
  return seen;
}

describe.each([
  [ticketToRideEurope, 'europe', 4],
  [ticketToRideGermany, 'germany', 5],
] as const)('Ticket to Ride UI ($1)', (game, mapId, players) => {
  const map = game.components as TtrMap;
  const R = (europe: string, germany: string) => (mapId === 'europe' ? `TTRE-${europe}` : `TTRG-${germany}`);

  it(`every legal board action is reachable by a click; descriptions are distinct; every event reads as words (${R('5.1', '5.1')}, ${R('7.1', '7.1')}, ${R('11.1', '10.1')})`, () => {
    const a = exercise(game, `ui-${mapId}-a`, players, 450, 7);
    const b = exercise(game, `ui-${mapId}-b`, 2, 300, 9);
    const types = new Set([...a.actionTypes, ...b.actionTypes]);
    for (const t of ['draw_face_up', 'draw_blind', 'claim_route', 'draw_tickets', 'keep_tickets'])
      expect(types.has(t), t).toBe(true);
    if (mapId === 'europe')
      for (const t of ['build_station', 'keep_initial_tickets']) expect(types.has(t), t).toBe(true);
    else for (const t of ['choose_initial_tickets', 'take_passengers']) expect(types.has(t), t).toBe(true);
    const events = new Set([...a.eventTypes, ...b.eventTypes]);
    for (const t of [
      'claimed_route',
      'scored',
      'drew_blind',
      'drew_face_up',
      'drew_tickets',
      'kept_tickets',
      'play_started',
      'game_over',
    ])
      expect(events.has(t), t).toBe(true);
    expect(a.targetKeys).toBeGreaterThan(500);
  });

  it('targets name the board places of the actions', () => {
    expect(ui.targets({ type: 'claim_route', route: 7, cards: { red: 2 } })).toEqual(['route:7']);
    expect(ui.targets({ type: 'draw_face_up', slot: 3 })).toEqual(['market:3']);
    expect(ui.targets({ type: 'draw_blind' })).toEqual(['deck']);
    expect(ui.targets({ type: 'draw_tickets', short: 2 })).toEqual(['tickets']);
    expect(ui.targets({ type: 'build_station', city: 'Wien', cards: { red: 1 } })).toEqual(['city:Wien']);
    for (const type of [
      'keep_tickets',
      'keep_initial_tickets',
      'choose_initial_tickets',
      'pay_tunnel',
      'withdraw_tunnel',
      'take_passengers',
    ])
      expect(ui.targets({ type })).toEqual([]);
  });

  it('describes a claim with city names, route colour and length, and the payment', () => {
    const r = map.routes.find((x) => x.colour !== 'gray' && !x.tunnel && x.ferry === 0 && x.length >= 3)!;
    const text = ui.describeAction(
      { type: 'claim_route', route: r.id, cards: { [r.colour]: r.length - 1, loco: 1 } },
      map,
    );
    expect(text).toContain(`${r.a} – ${r.b} (${r.colour}, ${r.length}`);
    expect(text).toContain(`${r.length - 1} ${r.colour} + 1 locomotive`);
    expect(cardsText(en, { loco: 3 })).toBe('3 locomotives');
  });

  it(`redacted events read well: "drew a card", "drew 3 tickets", "kept 2 tickets" (${R('H2', 'H2')}, ${R('H7', 'H5')})`, () => {
    expect(ui.describeEvent({ type: 'drew_blind', data: { seat: 1 } }, map, seatName)).toBe(
      'P2 drew a card from the deck',
    );
    expect(ui.describeEvent({ type: 'drew_tickets', data: { seat: 0, count: 3 } }, map, seatName)).toBe(
      'P1 drew 3 tickets',
    );
    expect(ui.describeEvent({ type: 'kept_tickets', data: { seat: 0, kept: 2, returned: 1 } }, map, seatName)).toBe(
      'P1 kept 2 tickets and returned 1',
    );
    expect(ui.describeEvent({ type: 'kept_opening_tickets', data: { seat: 2 } }, map, seatName)).toBe(
      'P3 chose opening tickets',
    );
    expect(ui.describeEvent({ type: 'somethingNew', data: { x: 1 } }, map, seatName)).toBe(
      plainWords('somethingNew', { x: 1 }),
    );
  });

  it(`the private panel shows the own hand and tickets only, nothing for a spectator (${R('H1', 'H1')}, ${R('H6', 'H4')}, ${R('H7', 'H5')})`, () => {
    let state = game.setup({ seed: `panel-${mapId}`, players: 3, options: game.options.parse({}) });
    const rng = new Rng(seedRng('panel'));
    let checked = 0;
    for (let n = 0; n < 400 && game.toAct(state).length > 0; n++) {
      if (n % 20 === 0 && state.phase === 'turn') {
        const s = state as TtrState;
        for (let seat = 0; seat < 3; seat++) {
          const view = game.view(state, seat) as TtrView;
          const panel = ui.privatePanel(view, map);
          const text = panel.map((p) => [p.title, ...p.lines].join('\n')).join('\n');
          for (const [type, count] of Object.entries(s.hands[seat]!))
            if (count > 0)
              expect(text).toContain(
                `${count} ${type === 'loco' ? (count === 1 ? 'locomotive' : 'locomotives') : type}`,
              );
          const mine = s.tickets[seat]!.map((id) => map.tickets.find((t) => t.id === id)!);
          for (const t of mine) expect(text).toContain(`${t.a} – ${t.b}, ${t.points} point`);
          const mineText = new Set(mine.map((t) => `${t.a} – ${t.b}, ${t.points} point`));
          for (let other = 0; other < 3; other++) {
            if (other === seat) continue;
            for (const id of s.tickets[other]!) {
              const t = map.tickets.find((x) => x.id === id)!;
              const line = `${t.a} – ${t.b}, ${t.points} point`;
              if (!mineText.has(line)) expect(text).not.toContain(line);
            }
          }
          expect(text).toMatch(/connected|not yet connected|none yet/);
          for (const [, other] of uis) expect(other.privatePanel(view, map).length).toBe(panel.length);
          checked++;
        }
        expect(ui.privatePanel(game.view(state, 'spectator'), map)).toEqual([]);
      }
      const seat = game.toAct(state)[0]!;
      const legal = game.legalActions(state, seat);
      state = game.apply(state, seat, game.bot({ seat, view: game.view(state, seat), legal, rng })).state;
    }
    expect(checked).toBeGreaterThan(10);
  });

  it(`the panel's "connected" agrees with final scoring on own routes (${R('14.3', '11.1')}${mapId === 'germany' ? ', TTRG-11.3, TTRG-11.4' : ''})`, () => {
    let checked = 0;
    for (const seed of ['c1', 'c2']) {
      let state = game.setup({ seed, players: 3, options: game.options.parse({}) });
      const rng = new Rng(seedRng(seed));
      for (let n = 0; n < 900 && game.toAct(state).length > 0; n++) {
        const seat = game.toAct(state)[0]!;
        const legal = game.legalActions(state, seat);
        state = game.apply(state, seat, game.bot({ seat, view: game.view(state, seat), legal, rng })).state;
      }
      const s = state as TtrState;
      const owners = Object.fromEntries(Object.entries(s.routeOwners).map(([id, seat]) => [Number(id), seat]));
      // Without stations, so that "connected" means own routes only.
      const scoring = finalScoring({
        map,
        players: 3,
        routeOwners: owners,
        tickets: s.tickets,
        stations: [],
        stationsLeft: s.stationsLeft,
        passengers: s.passengers,
        routePoints: s.routePoints,
      });
      for (let seat = 0; seat < 3; seat++) {
        const lines = ui
          .privatePanel(game.view(state, seat), map)
          .find((p) => p.title.startsWith('Your tickets'))!.lines;
        scoring.players[seat]!.tickets.forEach((t, i) => {
          expect(lines[i]!.endsWith('— connected'), lines[i]).toBe(t.completed);
          checked++;
        });
      }
    }
    expect(checked).toBeGreaterThan(6);
  });
});
