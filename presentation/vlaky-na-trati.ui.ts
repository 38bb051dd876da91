/**
 * The Vlaky na trati UI contract: click targets on the picture, actions and log events in words, and the
 * viewer's hand (A cards), locomotives, pending decision and sheet summary. Words come from the `vnt.…`
 * messages in the reader's language (`t`), named as the Czech rulebook names them.
 *
 * Targets: `start` (choose the start side), `lane:<T|M|B>` (take a start field), `market:<cardId>` and
 * `hand:<cardId>` (place a card, second card, discard an A card), `slow-loco` (the viewer's slower
 * locomotive: slow moves and curve moves), `row:<SYMBOL>` (any symbol, on the viewer's sheet). Gains to
 * decline, skipping a curve move, ending the turn and passing are buttons.
 */
import type { Sym, VntData } from '../engine/games/vlaky-na-trati/data.js';
import type { VntView } from '../engine/games/vlaky-na-trati/view.js';
import { plainWords, type GameUi, type PanelSection, type Translate, type UiAction, type UiEvent } from './game-ui.js';
import { isRecord, num, str } from './loose.js';
import { trackEnds } from './vnt-tracks.js';

const LANES = ['T', 'M', 'B'] as const;
const isLane = (v: unknown): v is (typeof LANES)[number] => LANES.includes(v as never);

/** Every symbol the sheets know, so that an unknown one reads as itself rather than as a missing message. */
const SYMBOLS: Readonly<Record<Sym, true>> = {
  PASSENGER: true,
  MAIL: true,
  COAL: true,
  IRON_ORE: true,
  STEELWORKS: true,
  FACTORY: true,
  FOREST: true,
  SAWMILL: true,
  BEET: true,
  SUGAR_FACTORY: true,
  GLASSWORKS: true,
};
const isSymbol = (s: unknown): s is Sym => typeof s === 'string' && Object.hasOwn(SYMBOLS, s);

type Costs = 'slowMove' | 'secondCard' | 'discardGain' | 'anySymbol';

function asData(c: unknown): VntData | null {
  return isRecord(c) && Array.isArray(c.railwayCards) && isRecord(c.constants) ? (c as unknown as VntData) : null;
}

/** The wording of one reader's language over one game's components. */
function words(t: Translate, components: unknown) {
  const data = asData(components);
  const laneName = (lane: unknown): string => (isLane(lane) ? t(`vnt.lane.${lane}`) : String(lane));
  const trackName = (lane: unknown): string => (isLane(lane) ? t(`vnt.track.${lane}`) : String(lane));
  /** A symbol as a name ("coal"); `object` gives the form it takes as a verb's object (Czech, Russian). */
  const symbolName = (s: unknown, object = false): string => {
    if (isSymbol(s)) return t(`vnt.${object ? 'symbolObject' : 'symbol'}.${s}`);
    return typeof s === 'string' ? s.toLowerCase().replace(/_/g, ' ') : t('vnt.symbolUnknown');
  };
  const symbolsText = (list: readonly unknown[]): string =>
    list.length > 0 ? list.map((s) => symbolName(s)).join(' + ') : t('vnt.noSymbol');
  /** "B7 (T→M coal · M→B – · B→T passenger + mail)": a card's three tracks (lanes in the reader's letters) and their stations. */
  const cardText = (id: unknown): string => {
    const card = data?.railwayCards.find((c) => c.id === id);
    if (!card) return String(id);
    return `${card.id} (${card.tracks.map((tr) => `${trackEnds(t, tr)} ${tr.station ? symbolsText(tr.station.symbols) : '–'}`).join(' · ')})`;
  };
  /** A price in coins, as the object of "pay" or "for". */
  const cost = (key: Costs, fallback: number): string =>
    t('vnt.payCoins', { count: data?.constants.costs[key] ?? fallback });
  return { data, laneName, trackName, symbolName, symbolsText, cardText, cost };
}

function targets(action: UiAction): string[] {
  switch (action.type) {
    case 'choose_start_side':
      return ['start'];
    case 'choose_track':
      return [`lane:${String(action.lane)}`];
    case 'place_card':
    case 'second_card':
      return [`${action.source === 'HAND' ? 'hand' : 'market'}:${String(action.cardId)}`];
    case 'discard_a':
      return [`hand:${String(action.cardId)}`];
    case 'slow_move':
    case 'curve_move':
      return ['slow-loco'];
    case 'any_symbol':
      return [`row:${String(action.row)}`];
    default:
      return [];
  }
}

/** Where a move shows: the track a player took (the cards' slots are no places to click). */
function eventTargets(event: UiEvent): string[] {
  return event.type === 'track' ? [`lane:${String(event.data?.lane)}`] : [];
}

/** The symbols the viewer is deciding on (a gains decision), in the order resolve_gains counts them. */
function pendingSymbols(view: unknown): string[] {
  if (!isRecord(view) || !isRecord(view.you)) return [];
  const v = view as unknown as VntView;
  const pending = v.players.find((p) => p.seat === v.you!.seat)?.pending;
  return pending?.kind === 'gains' ? pending.symbols : [];
}

function describeAction(t: Translate, action: UiAction, components: unknown, view?: unknown): string {
  const w = words(t, components);
  /** ", taking coal" / ", declining coal for a coin". */
  const moveTail = (): string => {
    const symbol = str(action.symbol);
    if (action.decline === true)
      return `, ${symbol ? t('vnt.tail.decline', { symbol: w.symbolName(symbol, true) }) : t('vnt.tail.declineAll')}`;
    return symbol ? `, ${t('vnt.tail.take', { symbol: w.symbolName(symbol, true) })}` : '';
  };
  const fromHand = action.source === 'HAND';
  switch (action.type) {
    case 'choose_start_side': {
      const side = num(action.side) ?? 0;
      const fields = w.data?.startCard.sides[side]?.fields;
      const detail = fields
        ? ` (${LANES.map((l) => t('vnt.laneSymbols', { lane: w.laneName(l), symbols: w.symbolsText(fields[l].symbols) })).join(', ')})`
        : '';
      return `${t('vnt.action.startSide', { side: side + 1 })}${detail}`;
    }
    case 'choose_track':
      return t('vnt.action.track', { track: w.trackName(action.lane) });
    case 'place_card':
      return t(fromHand ? 'vnt.action.placeFromHand' : 'vnt.action.placeFromMarket', {
        card: w.cardText(action.cardId),
      });
    case 'second_card':
      return t(fromHand ? 'vnt.action.secondFromHand' : 'vnt.action.secondFromMarket', {
        cost: w.cost('secondCard', 1),
        card: w.cardText(action.cardId),
      });
    case 'resolve_gains': {
      const d = Array.isArray(action.decline) ? action.decline.filter((x): x is number => typeof x === 'number') : [];
      if (d.length === 0) return t('vnt.action.takeAll');
      const gained = pendingSymbols(view);
      const named = d.map((i) => (gained[i] ? `${i + 1} (${w.symbolName(gained[i])})` : String(i + 1)));
      return t('vnt.action.decline', { count: d.length, list: named.join(t('vnt.and')) });
    }
    case 'curve_move':
      return t('vnt.action.curveMove', { count: num(action.steps) ?? 0, tail: moveTail() });
    case 'curve_skip':
      return t('vnt.action.curveSkip');
    case 'slow_move':
      return t('vnt.action.slowMove', { cost: w.cost('slowMove', 1), count: num(action.steps) ?? 0, tail: moveTail() });
    case 'discard_a':
      return t('vnt.action.discardA', { card: w.cardText(action.cardId), cost: w.cost('discardGain', 1) });
    case 'any_symbol':
      return t('vnt.action.anySymbol', { cost: w.cost('anySymbol', 2), symbol: w.symbolName(action.row, true) });
    case 'end_turn':
      return t('vnt.action.endTurn');
    case 'pass':
      return t('vnt.action.pass');
    default:
      return plainWords(action.type, Object.fromEntries(Object.entries(action).filter(([k]) => k !== 'type')));
  }
}

function describeEvent(t: Translate, event: UiEvent, components: unknown, seatName: (seat: number) => string): string {
  const w = words(t, components);
  const d = event.data ?? {};
  const who = num(d.seat) !== undefined ? seatName(num(d.seat)!) : t('vnt.someone');
  switch (event.type) {
    case 'start_side':
      return t('vnt.event.startSide', { who, side: (num(d.side) ?? 0) + 1 });
    case 'track':
      return t('vnt.event.track', { who, track: w.trackName(d.lane) });
    case 'turn': {
      if (d.phase === 'final') return t('vnt.event.finalTurn', { who });
      const n = num(d.turnIndex);
      return n === undefined ? t('vnt.event.toPlay', { who }) : t('vnt.event.turn', { n, who });
    }
    case 'placed': {
      const card = str(d.cardId) ?? t('vnt.aCard');
      return t(d.source === 'HAND' ? 'vnt.event.placedFromHand' : 'vnt.event.placedFromMarket', {
        who,
        card,
        slot: String(num(d.slot) ?? ''),
      });
    }
    case 'refill': {
      const left = num(d.deckCount);
      const card = str(d.cardId) ?? t('vnt.aCardSubject');
      return left === undefined ? t('vnt.event.refill', { card }) : t('vnt.event.refillLeft', { card, count: left });
    }
    case 'moved':
      return t('vnt.event.moved', { who, node: String(num(d.node) ?? '') });
    case 'slow_moved':
      return t('vnt.event.slowMoved', { who, node: String(num(d.node) ?? '') });
    case 'symbol': {
      const symbol = w.symbolName(d.symbol, true);
      if (d.outcome === 'coins') return t('vnt.event.symbolCoins', { who, symbol });
      if (d.outcome === 'lost') return t('vnt.event.symbolLost', { who, symbol });
      return t('vnt.event.symbol', { who, symbol });
    }
    case 'declined':
      return t('vnt.event.declined', { who, symbol: w.symbolName(d.symbol, true) });
    case 'curve_skipped':
      return t('vnt.event.curveSkipped', { who });
    case 'discard_a':
      return str(d.cardId)
        ? t('vnt.event.discardA', { who, card: w.cardText(d.cardId) })
        : t('vnt.event.discardAHidden', { who });
    case 'any_symbol':
      return t('vnt.event.anySymbol', { who, cost: w.cost('anySymbol', 2), symbol: w.symbolName(d.symbol, true) });
    case 'end_triggered':
      return t(d.reason === 'lineComplete' ? 'vnt.event.endLine' : 'vnt.event.endDeck');
    case 'game_over': {
      const scores = Array.isArray(d.scores) ? d.scores.filter((x): x is number => typeof x === 'number') : [];
      return t('vnt.event.gameOver', { scores: scores.map((s, seat) => `${seatName(seat)} ${s}`).join(', ') });
    }
    default:
      return plainWords(event.type, event.data);
  }
}

function privatePanel(t: Translate, view: unknown, components: unknown): PanelSection[] {
  if (!isRecord(view) || !isRecord(view.you)) return [];
  const w = words(t, components);
  const hand = (view as unknown as VntView).you!.hand;
  return [
    {
      title: t('vnt.panel.hand', { count: hand.length }),
      lines: hand.length > 0 ? hand.map(w.cardText) : [t('vnt.panel.empty')],
    },
    ...vntStatus(t, view, components),
  ];
}

/** The private panel without the hand: the viewer's sheet, locomotives and pending decision (the table draws the hand as cards). */
export function vntStatus(t: Translate, view: unknown, components: unknown): PanelSection[] {
  if (!isRecord(view) || !isRecord(view.you)) return [];
  const w = words(t, components);
  const v = view as unknown as VntView;
  const me = v.players.find((p) => p.seat === v.you!.seat);
  const sections: PanelSection[] = [];
  if (!me) return sections;
  const sheet = w.data?.sheets[v.sheet];
  const declines = w.data
    ? t('vnt.panel.declinesOf', { used: me.sheet.declinesUsed, max: w.data.constants.declinesPerGame })
    : t('vnt.panel.declines', { used: me.sheet.declinesUsed });
  const summary = [
    t('vnt.panel.score', { score: me.score }),
    t('vnt.coins', { count: me.coins }),
    declines,
    t(me.sheet.anySymbolUsed ? 'vnt.panel.anySymbolUsed' : 'vnt.panel.anySymbolUnused'),
  ];
  const rows = (sheet?.rows ?? []).map((r) =>
    t('vnt.panel.row', {
      symbol: w.symbolName(r.symbol),
      ticks: me.sheet.ticks[r.symbol as Sym] ?? 0,
      boxes: r.boxes.length,
    }),
  );
  sections.push({ title: t('vnt.panel.sheet', { sheet: v.sheet }), lines: [summary.join(' · '), ...rows] });
  const locos = { slow: me.locos[0], fast: me.locos[1] };
  sections.push({
    title: t('vnt.panel.locos'),
    lines: [
      me.lane ? t('vnt.panel.locosOnLane', { lane: w.laneName(me.lane), ...locos }) : t('vnt.panel.locosAt', locos),
    ],
  });
  if (me.pending) {
    const line =
      me.pending.kind === 'gains'
        ? t('vnt.panel.gains', { list: me.pending.symbols.map((s, i) => `${i + 1}. ${w.symbolName(s)}`).join(', ') })
        : t('vnt.panel.curveOffered');
    sections.push({ title: t('vnt.panel.pending'), lines: [line] });
  }
  return sections;
}

/** A board key in words, for the line over the actions at a place: a card by its place and name, a start field by its track. */
function placeName(t: Translate, key: string, components: unknown): string {
  const [kind, rest = ''] = key.split(/:(.*)/s) as [string, string?];
  const w = words(t, components);
  switch (kind) {
    case 'hand':
      return t('vnt.place.hand', { card: w.cardText(rest) });
    case 'market':
      return t('vnt.place.market', { card: w.cardText(rest) });
    case 'lane':
      return w.trackName(rest);
    case 'row':
      return w.symbolName(rest);
    default:
      return key;
  }
}

/** After the end the view shows every hand of A cards (H-1 no longer hides them). */
function revealed(t: Translate, view: unknown, components: unknown, seat: number): PanelSection[] {
  if (!isRecord(view) || !Array.isArray(view.hands)) return [];
  const hand = (view as unknown as VntView).hands?.[seat];
  if (!hand) return [];
  const w = words(t, components);
  return [
    {
      title: t('vnt.revealed.hand', { count: hand.length }),
      lines: hand.length > 0 ? hand.map(w.cardText) : [t('vnt.panel.empty')],
    },
  ];
}

export const vlakyNaTratiUi = (t: Translate): GameUi => ({
  targets,
  describeAction: (a, c, v) => describeAction(t, a, c, v),
  describeEvent: (e, c, seatName) => describeEvent(t, e, c, seatName),
  privatePanel: (v, c) => privatePanel(t, v, c),
  revealed: (v, c, seat) => revealed(t, v, c, seat),
  eventTargets,
  placeName: (key, c) => placeName(t, key, c),
});
