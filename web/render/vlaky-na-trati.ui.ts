/**
 * The Vlaky na trati UI contract: click targets on the picture, actions and log events in words, and the
 * viewer's hand (A cards), locomotives, pending decision and sheet summary.
 *
 * Targets: `start` (choose the start side), `lane:<T|M|B>` (take a start field), `market:<cardId>` and
 * `hand:<cardId>` (place a card, second card, discard an A card), `slow-loco` (the viewer's slower
 * locomotive: slow moves and curve moves), `row:<SYMBOL>` (any symbol, on the viewer's sheet). Gains to
 * decline, skipping a curve move, ending the turn and passing are buttons.
 */
import type { Sym, VntData } from '../../engine/games/vlaky-na-trati/data.js';
import type { VntView } from '../../engine/games/vlaky-na-trati/view.js';
import { plainWords, type GameUi, type PanelSection, type UiAction, type UiEvent } from './game-ui.js';
import { isRecord, num, plural, str } from './loose.js';


const LANE_NAME: Record<string, string> = { T: 'top', M: 'middle', B: 'bottom' };
const laneName = (lane: unknown): string => LANE_NAME[String(lane)] ?? String(lane);

/** "iron ore" for IRON_ORE. */
export const symbolName = (s: unknown): string => (typeof s === 'string' ? s.toLowerCase().replace(/_/g, ' ') : 'symbol');
const symbolsText = (list: readonly unknown[]): string => (list.length > 0 ? list.map(symbolName).join(' + ') : 'no symbol');

function asData(c: unknown): VntData | null {
  return isRecord(c) && Array.isArray(c.railwayCards) && isRecord(c.constants) ? (c as unknown as VntData) : null;
}

/** "T→M coal · M→B – · B→T passenger + mail": a card's three tracks and their stations. */
function cardText(data: VntData | null, id: unknown): string {
  const card = data?.railwayCards.find((c) => c.id === id);
  if (!card) return String(id);
  return `${card.id} (${card.tracks.map((t) => `${t.left}→${t.right} ${t.station ? symbolsText(t.station.symbols) : '–'}`).join(' · ')})`;
}

const cost = (data: VntData | null, key: 'slowMove' | 'secondCard' | 'discardGain' | 'anySymbol', fallback: number): string => plural(data?.constants.costs[key] ?? fallback, 'coin');

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

/** ", taking coal" / ", declining coal for a coin". */
function moveTail(action: UiAction): string {
  const symbol = str(action.symbol);
  if (action.decline === true) return symbol ? `, declining ${symbolName(symbol)} for a coin` : ', declining its symbols for coins';
  return symbol ? `, taking ${symbolName(symbol)}` : '';
}

function describeAction(action: UiAction, components: unknown, view?: unknown): string {
  const data = asData(components);
  switch (action.type) {
    case 'choose_start_side': {
      const side = num(action.side) ?? 0;
      const fields = data?.startCard.sides[side]?.fields;
      const detail = fields ? ` (${(['T', 'M', 'B'] as const).map((l) => `${laneName(l)}: ${symbolsText(fields[l].symbols)}`).join(', ')})` : '';
      return `Turn side ${side + 1} of the start card up${detail}`;
    }
    case 'choose_track':
      return `Take the ${laneName(action.lane)} track`;
    case 'place_card':
      return `Place ${cardText(data, action.cardId)} from ${action.source === 'HAND' ? 'your hand' : 'the market'}`;
    case 'second_card':
      return `Pay ${cost(data, 'secondCard', 1)}: place ${cardText(data, action.cardId)} from ${action.source === 'HAND' ? 'your hand' : 'the market'} as a second card`;
    case 'resolve_gains': {
      const d = Array.isArray(action.decline) ? action.decline.filter((x): x is number => typeof x === 'number') : [];
      if (d.length === 0) return 'Take every symbol';
      const gained = pendingSymbols(view);
      const named = d.map((i) => (gained[i] ? `${i + 1} (${symbolName(gained[i])})` : String(i + 1)));
      return `Decline symbol${d.length > 1 ? 's' : ''} ${named.join(' and ')} for ${d.length > 1 ? 'coins' : 'a coin'}`;
    }
    case 'curve_move':
      return `Free curve move: slower locomotive ${plural(num(action.steps) ?? 0, 'station')} ahead${moveTail(action)}`;
    case 'curve_skip':
      return 'Skip the free curve move';
    case 'slow_move':
      return `Pay ${cost(data, 'slowMove', 1)}: slower locomotive ${plural(num(action.steps) ?? 0, 'station')} ahead${moveTail(action)}`;
    case 'discard_a':
      return `Discard ${cardText(data, action.cardId)} from your hand for ${cost(data, 'discardGain', 1)}`;
    case 'any_symbol':
      return `Pay ${cost(data, 'anySymbol', 2)}: tick the ${symbolName(action.row)} row (once per game)`;
    case 'end_turn':
      return 'End your turn';
    case 'pass':
      return 'Pass (no final free action)';
    default:
      return plainWords(action.type, Object.fromEntries(Object.entries(action).filter(([k]) => k !== 'type')));
  }
}

function describeEvent(event: UiEvent, components: unknown, seatName: (seat: number) => string): string {
  const data = asData(components);
  const d = event.data ?? {};
  const who = num(d.seat) !== undefined ? seatName(num(d.seat)!) : 'Someone';
  switch (event.type) {
    case 'start_side':
      return `${who} turned side ${(num(d.side) ?? 0) + 1} of the start card up`;
    case 'track':
      return `${who} took the ${laneName(d.lane)} track`;
    case 'turn': {
      if (d.phase === 'final') return `Final free actions: ${who}'s turn`;
      const n = num(d.turnIndex);
      return n === undefined ? `${who} to play` : `Turn ${n}: ${who} to play`;
    }
    case 'placed':
      return `${who} placed ${str(d.cardId) ?? 'a card'} from ${d.source === 'HAND' ? 'their hand' : 'the market'} in slot ${String(num(d.slot) ?? '')}`;
    case 'refill':
      return `${str(d.cardId) ?? 'A card'} refilled the market${num(d.deckCount) !== undefined ? ` (${plural(num(d.deckCount)!, 'card')} left in the deck)` : ''}`;
    case 'moved':
      return `${who}'s faster locomotive is at position ${String(num(d.node) ?? '')}`;
    case 'slow_moved':
      return `${who}'s slower locomotive moved to position ${String(num(d.node) ?? '')}`;
    case 'symbol': {
      const s = symbolName(d.symbol);
      if (d.outcome === 'coins') return `${who} gained ${s}: the row is full, so it paid coins`;
      if (d.outcome === 'lost') return `${who} lost ${s}: its next box is locked`;
      return `${who} ticked ${s}`;
    }
    case 'declined':
      return `${who} declined ${symbolName(d.symbol)} for a coin`;
    case 'curve_skipped':
      return `${who} skipped the free curve move`;
    case 'discard_a':
      return str(d.cardId) ? `${who} discarded ${cardText(data, d.cardId)} for a coin` : `${who} discarded an A card for a coin`;
    case 'any_symbol':
      return `${who} paid ${cost(data, 'anySymbol', 2)} to tick ${symbolName(d.symbol)}`;
    case 'end_triggered':
      return d.reason === 'lineComplete' ? 'The line is complete: the game ends after this round and the final free actions' : 'Deck B is empty: the game ends after this round and the final free actions';
    case 'game_over': {
      const scores = Array.isArray(d.scores) ? d.scores.filter((x): x is number => typeof x === 'number') : [];
      return `Game over: ${scores.map((s, seat) => `${seatName(seat)} ${s}`).join(', ')}`;
    }
    default:
      return plainWords(event.type, event.data);
  }
}

/** The symbols the viewer is deciding on (a gains decision), in the order resolve_gains counts them. */
function pendingSymbols(view: unknown): string[] {
  if (!isRecord(view) || !isRecord(view.you)) return [];
  const v = view as unknown as VntView;
  const pending = v.players.find((p) => p.seat === v.you!.seat)?.pending;
  return pending?.kind === 'gains' ? pending.symbols : [];
}

function privatePanel(view: unknown, components: unknown): PanelSection[] {
  const data = asData(components);
  if (!isRecord(view) || !isRecord(view.you)) return [];
  const v = view as unknown as VntView;
  const you = v.you!;
  const me = v.players.find((p) => p.seat === you.seat);
  const sections: PanelSection[] = [{ title: `Your hand (${plural(you.hand.length, 'A card')})`, lines: you.hand.length > 0 ? you.hand.map((id) => cardText(data, id)) : ['empty'] }];
  if (!me) return sections;
  const sheet = data?.sheets[v.sheet];
  const declines = data ? ` of ${data.constants.declinesPerGame}` : '';
  const rows = (sheet?.rows ?? []).map((r) => `${symbolName(r.symbol)}: ${me.sheet.ticks[r.symbol as Sym] ?? 0} of ${r.boxes.length} ticked`);
  sections.push({
    title: `Your sheet (${v.sheet})`,
    lines: [`Score ${me.score} if the game ended now · ${plural(me.coins, 'coin')} · ${me.sheet.declinesUsed}${declines} declines used · any symbol ${me.sheet.anySymbolUsed ? 'used' : 'unused'}`, ...rows],
  });
  sections.push({
    title: 'Your locomotives',
    lines: [`${me.lane ? `${laneName(me.lane)} track; ` : ''}slower at position ${me.locos[0]}, faster at position ${me.locos[1]}`],
  });
  if (me.pending) {
    sections.push({
      title: 'Waiting for your decision',
      lines: [me.pending.kind === 'gains' ? `Symbols gained: ${me.pending.symbols.map((s, i) => `${i + 1}. ${symbolName(s)}`).join(', ')}` : 'A free curve move is offered'],
    });
  }
  return sections;
}

export const vlakyNaTratiUi: GameUi = { targets, describeAction, describeEvent, privatePanel };
