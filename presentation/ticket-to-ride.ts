/**
 * Ticket to Ride (Europe and Germany): the map projected from real longitude/latitude (equirectangular,
 * longitudes scaled by cos of the mean latitude), every route as `length` cars in its colour, parallel
 * routes of a group side by side, tunnels with a dark dashed outline, ferries with their locomotive
 * symbols, claimed routes in the owner's colour, pattern and seat number, stations, passengers, names.
 */
import type { CardType, Route, TtrMap } from '../engine/games/ticket-to-ride/map.js';
import type { TtrView } from '../engine/games/ticket-to-ride/view.js';
import { legend, markAttrs, playerLabel, playerName, playerPatterns } from './players.js';
import { h, label, svgDocument } from './svg.js';
import { PLACES_BY_MAP, type LonLat } from './ttr-places.js';
import type { RenderBoardOptions } from './board-options.js';
import { ttrWords } from './ticket-to-ride.ui.js';
import { CARD_FACE } from './ttr-colours.js';
import { cars, CITY_R, cityMark, countryMark, passengerMark, stationMark } from './ttr-marks.js';

interface Pt {
  x: number;
  y: number;
}

const MAP_SIZE = 1000;
const PAD = 48;
const TRACK_GAP = 9;
/** Height of the card row under the map (face-up cards, deck, tickets). */
const SUPPLY_H = 44;

/** Equirectangular projection fitted into a MAP_SIZE square (the longer side fills it). */
export function projector(places: readonly LonLat[]): { at: (p: LonLat) => Pt; width: number; height: number } {
  const lons = places.map((p) => p.lon);
  const lats = places.map((p) => p.lat);
  const [lonMin, lonMax, latMin, latMax] = [Math.min(...lons), Math.max(...lons), Math.min(...lats), Math.max(...lats)];
  const k = Math.cos((((latMin + latMax) / 2) * Math.PI) / 180);
  const w = Math.max(1e-6, (lonMax - lonMin) * k);
  const hgt = Math.max(1e-6, latMax - latMin);
  const scale = MAP_SIZE / Math.max(w, hgt);
  return {
    at: (p) => ({ x: PAD + (p.lon - lonMin) * k * scale, y: PAD + (latMax - p.lat) * scale }),
    width: w * scale + 2 * PAD + 70,
    height: hgt * scale + 2 * PAD,
  };
}

export function renderTicketToRide(map: TtrMap, view: TtrView, options: RenderBoardOptions): string {
  const { t } = options;
  const w = ttrWords(t, map);
  const name = (seat: number) => playerName(t, seat, options.seatNames);
  const coords = PLACES_BY_MAP[map.id] ?? {};
  const names = [...map.cities, ...map.countries];
  const known = names.filter((n) => coords[n] !== undefined);
  const proj = projector(known.map((n) => coords[n]!));
  const pos = new Map<string, Pt>(known.map((n) => [n, proj.at(coords[n]!)]));
  // A place without coordinates (newer data) goes to the top-left corner rather than breaking the picture.
  const where = (name: string): Pt => pos.get(name) ?? { x: PAD / 2, y: PAD / 2 };

  const groups = new Map<number, Route[]>();
  for (const r of map.routes) groups.set(r.group, [...(groups.get(r.group) ?? []), r]);

  const routes = map.routes.map((r) => {
    const siblings = (groups.get(r.group) ?? [r]).slice().sort((x, y) => x.id - y.id);
    const k = siblings.findIndex((s) => s.id === r.id);
    const offset = (k - (siblings.length - 1) / 2) * TRACK_GAP;
    // One orientation per group so the offsets of its routes fall on different sides.
    const [p, q] = [r.a, r.b].sort();
    const ownerRaw = view.routeOwners[String(r.id)];
    const owner = typeof ownerRaw === 'number' ? ownerRaw : undefined;
    const what =
      owner === undefined
        ? w.routeText(r.id)
        : t('ttr.picture.claimed', { route: w.routeText(r.id), name: name(owner), n: playerLabel(owner) });
    return h(
      'g',
      {
        'data-route': r.id,
        'data-target': `route:${r.id}`,
        'data-group': r.group,
        'data-length': r.length,
        'data-route-colour': r.colour,
        'data-tunnel': r.tunnel ? 1 : null,
        'data-ferry': r.ferry || null,
        ...(owner !== undefined ? { 'data-owner': owner, ...markAttrs(owner) } : {}),
      },
      h('title', {}, what),
      cars(r, where(p!), where(q!), offset, owner, siblings.length > 1 ? TRACK_GAP : 16),
    );
  });

  const passengers = view.passengersAt ?? {};
  const places = names.map((n) => {
    const p = where(n);
    const country = map.countries.includes(n);
    const waiting = Object.values(passengers[n] ?? {}).reduce((a, b) => a + b, 0);
    // Europe: a city is where a station goes, so it is a click target (with a slightly larger hit area).
    const stationSite = !country && map.stationsPerPlayer > 0;
    return h(
      'g',
      // data-mark: the client marks the place (a ticket's cities) by showing its ring; not only by colour, by a dashed ring.
      {
        'data-city': n,
        class: country ? 'country' : 'city',
        'data-target': stationSite ? `city:${n}` : null,
        'data-mark': `place:${n}`,
      },
      h('circle', {
        class: 'mark-ring',
        cx: p.x,
        cy: p.y,
        r: CITY_R + 13,
        fill: '#FFE066',
        'fill-opacity': 0.6,
        stroke: '#000',
        'stroke-width': 3,
        'stroke-dasharray': '5 3',
        visibility: 'hidden',
      }),
      country ? countryMark(p) : cityMark(p),
      stationSite
        ? h('circle', { cx: p.x, cy: p.y, r: CITY_R + 4, fill: '#000', 'fill-opacity': 0, 'data-hit': 1 })
        : null,
      h(
        'text',
        {
          x: p.x + 8,
          y: p.y - 8,
          'font-size': 12,
          fill: '#111',
          stroke: '#fff',
          'stroke-width': 3,
          'paint-order': 'stroke',
          'stroke-linejoin': 'round',
        },
        n,
      ),
      waiting > 0 ? passengerMark(p, waiting) : null,
    );
  });

  const stations = view.stations.map((s, i) => {
    const p = where(s.city);
    const x = p.x - 14;
    const y = p.y - 16;
    return h(
      'g',
      { 'data-station': s.city, 'data-owner': s.seat, ...markAttrs(s.seat), 'data-index': i },
      h('title', {}, t('ttr.picture.station', { name: name(s.seat), n: playerLabel(s.seat), city: s.city })),
      stationMark(s.seat, x, y),
    );
  });

  // The card row: the five face-up cards, the deck and the ticket pile(s), each a click target.
  const supplyY = proj.height + 4;
  const cardW = 44;
  const cardH = 30;
  const cy = supplyY + SUPPLY_H / 2;
  const faceUp = view.market.map((card, slot) => {
    const x = PAD / 2 + 60 + slot * (cardW + 8);
    if (card === null)
      return h('rect', {
        x,
        y: cy - cardH / 2,
        width: cardW,
        height: cardH,
        rx: 4,
        fill: 'none',
        stroke: '#999',
        'stroke-dasharray': '3 2',
        'data-market': slot,
      });
    const f = CARD_FACE[card];
    return h(
      'g',
      { 'data-market': slot, 'data-card-type': card, 'data-target': `market:${slot}` },
      h('title', {}, `${t('ttr.place.market', { n: slot + 1 })}: ${w.cardName(card)}`),
      h('rect', {
        x,
        y: cy - cardH / 2,
        width: cardW,
        height: cardH,
        rx: 4,
        fill: f.fill,
        stroke: '#222',
        'stroke-width': 1.2,
      }),
      label(x + cardW / 2, cy, w.cardName(card), { 'font-size': 10, 'font-weight': 700, fill: f.ink }),
    );
  });
  const deckX = PAD / 2 + 60 + 5 * (cardW + 8) + 16;
  const deck = h(
    'g',
    { 'data-deck': view.deckCount, 'data-target': 'deck' },
    h('title', {}, t('ttr.table.deck', { count: view.deckCount })),
    h('rect', {
      x: deckX + 3,
      y: cy - cardH / 2 - 3,
      width: cardW,
      height: cardH,
      rx: 4,
      fill: '#3E4A61',
      stroke: '#222',
    }),
    h('rect', {
      x: deckX,
      y: cy - cardH / 2,
      width: cardW,
      height: cardH,
      rx: 4,
      fill: '#52617F',
      stroke: '#222',
      'stroke-width': 1.2,
    }),
    label(deckX + cardW / 2, cy, view.deckCount, { 'font-size': 11, 'font-weight': 700, fill: '#fff' }),
  );
  const ticketCount = map.passengers
    ? t('ttr.picture.decks', { short: view.ticketDecks.short, long: view.ticketDecks.long })
    : String(view.ticketDecks.short + view.ticketDecks.long);
  const ticketsX = deckX + cardW + 20;
  const ticketsW = map.passengers ? 120 : 60;
  const ticketPile = h(
    'g',
    { 'data-tickets': view.ticketDecks.short + view.ticketDecks.long, 'data-target': 'tickets' },
    h('title', {}, `${t('ttr.place.tickets')}: ${ticketCount}`),
    h('rect', {
      x: ticketsX,
      y: cy - cardH / 2,
      width: ticketsW,
      height: cardH,
      rx: 4,
      fill: '#F6E7C1',
      stroke: '#7A5C00',
      'stroke-width': 1.2,
    }),
    label(ticketsX + ticketsW / 2, cy, t('ttr.picture.pile', { count: ticketCount }), {
      'font-size': 10,
      fill: '#4A3700',
    }),
  );
  const supply = options.table
    ? null
    : h(
        'g',
        { class: 'supply' },
        h('text', { x: PAD / 2, y: cy, 'dominant-baseline': 'central', 'font-size': 13 }, t('ttr.picture.cards')),
        faceUp,
        deck,
        ticketPile,
      );

  const legendY = options.table ? proj.height + 4 : supplyY + SUPPLY_H + 4;
  const players = view.players.map((p) => ({
    seat: p.seat,
    current: view.current === p.seat,
    detail: [
      t('ttr.picture.trains', { count: p.trains }),
      t('ttr.panel.routePoints', { count: p.routePoints }),
      t('ttr.picture.hand', { count: p.cards }),
      p.tickets === null ? null : t('ttr.picture.tickets', { count: p.tickets }),
      map.stationsPerPlayer > 0 ? t('ttr.panel.stationsLeft', { count: p.stationsLeft }) : null,
    ]
      .filter(Boolean)
      .join(', '),
  }));
  const height = legendY + players.length * 26 + 16;
  const title = `${map.title} — ${view.phase === 'over' ? t('picture.over') : t('picture.turn', { n: view.turn })}`;
  return svgDocument({
    title,
    width: proj.width,
    height,
    defs: playerPatterns(view.players.length),
    body: [
      h('rect', { x: 0, y: 0, width: proj.width, height, fill: '#EAF2F8' }),
      h('g', { class: 'routes' }, routes),
      h('g', { class: 'places' }, places),
      h('g', { class: 'stations' }, stations),
      supply,
      legend(t, players, PAD / 2, legendY, options.seatNames),
    ],
  });
}
