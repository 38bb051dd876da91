/**
 * The state machine (§2–§11, §16): setup decisions, turns with their placement event and free action,
 * out-of-turn decisions (DP-4 declines, DP-5 curve moves) and the end of the game.
 */
import { Rng, ruleCheck, seedRng, type Applied, type GameEvent, type Seat } from '../../core/index.js';
import type { VntAction, VntOptions } from './actions.js';
import { LANES, slotCount, type Sym, type VntData } from './data.js';
import { arrivals, route, slowOptions, type RouteNode, type SlowOption } from './geometry.js';
import { outcomeOf } from './scoring.js';
import { anySymbol, coins, decline, emptySheet, gain, gainOrder, tickableRows } from './sheet.js';
import type { VntEvent } from './schemas.js';
import type { PlayerState, Task, VntState } from './state.js';

export interface VntRules {
  data: VntData;
  setup(seed: string, players: number, options: VntOptions): VntState;
  toAct(s: VntState): Seat[];
  legalActions(s: VntState, seat: Seat): VntAction[];
  apply(s: VntState, seat: Seat, action: VntAction): Applied<VntState>;
  /** A seat's route as far as the line is built (index = node). */
  routeOf(s: VntState, seat: Seat): RouteNode[];
}

type SlowAction = { steps: number; symbol?: Sym | undefined };

const player = (s: VntState, seat: Seat): PlayerState => {
  const p = s.players[seat];
  if (!p) throw new Error(`no seat ${seat}`);
  return p;
};
const tasksOf = (s: VntState, seat: Seat): Task[] => s.tasks[seat] ?? [];
const anyOpen = (s: VntState): boolean => s.tasks.some((t) => t.length > 0);
const next = (s: VntState, seat: Seat): Seat => (seat + 1) % s.players.length;
/** VNT-4.2: the seat on the starting player's right closes every round. */
const lastOfRound = (s: VntState): Seat => (s.startSeat + s.players.length - 1) % s.players.length;
/** Seats from the starting player clockwise (VNT-7.8 log order). */
const fromStart = (s: VntState): Seat[] => s.players.map((_, i) => (s.startSeat + i) % s.players.length);

export function createRules(data: VntData): VntRules {
  const C = data.constants;
  const SLOTS = slotCount(data);
  const sheetDef = (s: VntState) => data.sheets[s.options.sheet];

  function routeOf(s: VntState, seat: Seat): RouteNode[] {
    const lane = player(s, seat).lane;
    return lane === null || s.side === null ? [] : route(data, s.side, s.line, lane);
  }

  const slowChoices = (s: VntState, seat: Seat): SlowOption[] => slowOptions(routeOf(s, seat), player(s, seat).locos, C.slowMoveMax);

  /** VNT-10.1/10.2/10.5: 3 players, an opponent's turn, declines left. */
  const declinable = (s: VntState, seat: Seat): boolean => s.players.length === 3 && s.phase === 'turn' && seat !== s.current && player(s, seat).sheet.declinesUsed < C.declinesPerGame;

  /** VNT-5.8, VNT-11.5 / AMB-20. */
  const canPlace = (s: VntState, seat: Seat): boolean => s.line.length < SLOTS && (player(s, seat).hand.length > 0 || s.market.length > 0);

  function setup(seed: string, players: number, options: VntOptions): VntState {
    const rng = new Rng(seedRng(seed));
    const startSeat = options.startingPlayer === 'random' ? rng.int(players) : options.startingPlayer;
    const deckA = rng.shuffle(data.railwayCards.filter((c) => c.deck === 'A').map((c) => c.id));
    const deckB = rng.shuffle(data.railwayCards.filter((c) => c.deck === 'B').map((c) => c.id));
    const hands = Array.from({ length: players }, (_, i) => deckA.slice(i * C.handSizeA, (i + 1) * C.handSizeA));
    return {
      options,
      players: hands.map((hand) => ({ lane: null, locos: [0, 0], hand, sheet: emptySheet() })),
      rng: rng.state as VntState['rng'],
      startSeat,
      side: null,
      phase: 'side',
      current: startSeat,
      step: 'place',
      afterEvents: 'free',
      turnIndex: 0,
      endTriggered: false,
      line: [],
      market: deckB.slice(0, C.marketSize),
      deckB: deckB.slice(C.marketSize),
      boxA: deckA.slice(players * C.handSizeA),
      discarded: [],
      tasks: hands.map(() => []),
      result: null,
    };
  }

  function toAct(s: VntState): Seat[] {
    if (s.phase === 'over') return [];
    if (anyOpen(s)) return fromStart(s).filter((seat) => tasksOf(s, seat).length > 0);
    return [s.current];
  }

  // ---------- legal actions

  function slowActions(options: readonly SlowOption[], withDecline: boolean): { steps: number; symbol?: Sym; decline?: true }[] {
    return options.flatMap((o) => {
      const base = o.symbols.length === 2 ? o.symbols.map((symbol) => ({ steps: o.steps, symbol })) : [{ steps: o.steps }];
      return withDecline && o.symbols.length > 0 ? [...base, ...base.map((b) => ({ ...b, decline: true as const }))] : base;
    });
  }

  /** Every set of pending-symbol indices (in increasing order) the player still has declines for. */
  function declineSubsets(count: number, left: number): number[][] {
    const all = Array.from({ length: 1 << count }, (_, mask) => [...Array(count).keys()].filter((i) => mask & (1 << i)));
    return all.filter((d) => d.length <= left);
  }

  function freeActions(s: VntState, seat: Seat, secondCard: boolean): VntAction[] {
    const p = player(s, seat);
    const money = coins(p.sheet);
    const out: VntAction[] = [];
    if (money >= C.costs.slowMove) out.push(...slowActions(slowChoices(s, seat), false).map((a) => ({ type: 'slow_move' as const, ...a })));
    if (secondCard && money >= C.costs.secondCard && s.line.length < SLOTS) out.push(...placements(s, seat).map((a) => ({ ...a, type: 'second_card' as const })));
    out.push(...p.hand.map((cardId) => ({ type: 'discard_a' as const, cardId })));
    if (!p.sheet.anySymbolUsed && money >= C.costs.anySymbol) out.push(...tickableRows(sheetDef(s), p.sheet).map((row) => ({ type: 'any_symbol' as const, row })));
    return out;
  }

  const placements = (s: VntState, seat: Seat) => [
    ...player(s, seat).hand.map((cardId) => ({ type: 'place_card' as const, source: 'HAND' as const, cardId })),
    ...s.market.map((cardId) => ({ type: 'place_card' as const, source: 'MARKET' as const, cardId })),
  ];

  function legalActions(s: VntState, seat: Seat): VntAction[] {
    if (s.phase === 'over') return [];
    if (anyOpen(s)) {
      const head = tasksOf(s, seat)[0];
      if (!head) return [];
      if (head.kind === 'gains') return declineSubsets(head.symbols.length, C.declinesPerGame - player(s, seat).sheet.declinesUsed).map((d) => ({ type: 'resolve_gains', decline: d }));
      return [...slowActions(slowChoices(s, seat), declinable(s, seat)).map((a) => ({ type: 'curve_move' as const, ...a })), { type: 'curve_skip' }];
    }
    if (seat !== s.current) return [];
    switch (s.phase) {
      case 'side':
        return [0, 1].map((side) => ({ type: 'choose_start_side', side: side as 0 | 1 }));
      case 'track': {
        const taken = new Set(s.players.map((p) => p.lane));
        return LANES.filter((l) => !taken.has(l)).map((lane) => ({ type: 'choose_track', lane }));
      }
      case 'turn':
        if (s.step === 'place') return placements(s, seat);
        if (s.step === 'free') return [...freeActions(s, seat, true), { type: 'end_turn' }];
        if (s.step === 'noPlace') return [...freeActions(s, seat, false), { type: 'end_turn' }];
        return [];
      case 'final':
        return [...freeActions(s, seat, false), { type: 'pass' }];
    }
  }

  // ---------- apply (on a private copy)

  function apply(state: VntState, seat: Seat, action: VntAction): Applied<VntState> {
    ruleCheck(state.phase !== 'over', 'game_over', 'The game is over', 'VNT-11.9');
    ruleCheck(seat >= 0 && seat < state.players.length, 'no_seat', 'No such seat', 'VNT-0.2');
    const s = structuredClone(state);
    const events: GameEvent[] = [];
    // Typed by the published event schema, so an emitted event cannot drift from it (issue 15 #4).
    const log = <T extends VntEvent['type']>(type: T, eventData: Extract<VntEvent, { type: T }>['data']) => events.push({ type, data: eventData });

    const record = (who: Seat, symbols: readonly Sym[], node: number) => {
      const p = player(s, who);
      for (const symbol of symbols) {
        const r = gain(sheetDef(s), p.sheet, symbol, s.turnIndex);
        p.sheet = r.sheet;
        log('symbol', { seat: who, symbol, node, outcome: r.outcome });
      }
    };

    /** Runs a seat's tasks until one needs its answer (DP-4 / DP-5). */
    const drain = (who: Seat) => {
      const list = tasksOf(s, who);
      for (let head = list[0]; head; head = list[0]) {
        if (head.kind === 'gains') {
          if (declinable(s, who)) return;
          record(who, head.symbols, head.node);
        } else if (slowChoices(s, who).length > 0) return;
        list.shift();
      }
    };

    const finish = () => {
      s.phase = 'over';
      s.result = outcomeOf(sheetDef(s), s.players.map((p) => p.sheet));
      log('game_over', { scores: s.result.scores, ranking: s.result.ranking });
    };

    /** VNT-11.3 / 11.8: the next turn, the final free actions, or scoring. */
    const endTurn = () => {
      const last = s.current === lastOfRound(s);
      if (s.phase === 'final') {
        if (last) return finish();
        s.current = next(s, s.current);
      } else if (s.endTriggered && last) {
        s.phase = 'final';
        s.current = s.startSeat;
      } else {
        s.current = next(s, s.current);
        s.step = canPlace(s, s.current) ? 'place' : 'noPlace';
      }
      s.turnIndex++;
      log('turn', { seat: s.current, turnIndex: s.turnIndex, phase: s.phase === 'final' ? 'final' : 'turn' });
    };

    const afterEvents = () => {
      if (anyOpen(s)) return;
      if (s.afterEvents === 'free') s.step = 'free';
      else endTurn();
    };

    const trigger = (reason: 'deckEmpty' | 'lineComplete') => {
      if (!s.endTriggered) log('end_triggered', { reason });
      s.endTriggered = true;
    };

    /** VNT-5 → 6 → 7 → 8 (→ 10 decisions): one placement event. */
    const place = (source: 'HAND' | 'MARKET', cardId: string, then: 'free' | 'end') => {
      ruleCheck(s.line.length < SLOTS, 'line_full', 'All slots are filled', 'VNT-5.8');
      const p = player(s, seat);
      if (source === 'HAND') {
        ruleCheck(p.hand.includes(cardId), 'not_in_hand', 'That card is not in your hand', 'VNT-5.1');
        p.hand = p.hand.filter((c) => c !== cardId);
      } else {
        const i = s.market.indexOf(cardId);
        ruleCheck(i >= 0, 'not_in_market', 'That card is not in the market', 'VNT-5.1');
        const refill = s.deckB.shift();
        if (refill === undefined) s.market.splice(i, 1);
        else s.market[i] = refill;
        if (refill !== undefined) log('refill', { cardId: refill, deckCount: s.deckB.length });
        if (refill !== undefined && s.deckB.length === 0) trigger('deckEmpty');
      }
      s.line.push(cardId);
      const slot = s.line.length;
      log('placed', { seat, source, cardId, slot });
      if (slot === SLOTS) trigger('lineComplete');
      for (const who of fromStart(s)) {
        const reached = arrivals(routeOf(s, who), slot);
        const p2 = player(s, who);
        p2.locos = [p2.locos[0], reached.at(-1)?.node ?? p2.locos[1]];
        log('moved', { seat: who, node: p2.locos[1] });
        s.tasks[who] = reached.flatMap((n): Task[] => [
          ...(n.station && n.station.symbols.length > 0 ? [{ kind: 'gains' as const, node: n.node, symbols: gainOrder(n.station.symbols) }] : []),
          ...(n.station?.curveLoco ? [{ kind: 'curveMove' as const, node: n.node }] : []),
        ]);
        drain(who);
      }
      s.step = 'events';
      s.afterEvents = then;
      afterEvents();
    };

    /** VNT-9.3–9.5 for slow_move and curve_move. */
    const moveSlow = (a: SlowAction, declining: boolean) => {
      const option = slowChoices(s, seat).find((o) => o.steps === a.steps);
      ruleCheck(option, 'no_such_station', 'Fewer stations lie between your locomotives', 'VNT-9.4');
      if (option.symbols.length === 2) ruleCheck(a.symbol !== undefined && option.symbols.includes(a.symbol), 'choose_symbol', 'Choose one of the two symbols of that station', 'VNT-9.5');
      else ruleCheck(a.symbol === undefined, 'no_symbol_choice', 'That station offers no symbol choice', 'VNT-9.5');
      const p = player(s, seat);
      p.locos = [option.node, p.locos[1]];
      log('slow_moved', { seat, node: option.node });
      const symbols = a.symbol === undefined ? option.symbols : [a.symbol];
      if (!declining) return record(seat, symbols, option.node);
      ruleCheck(declinable(s, seat) && symbols.length > 0, 'no_decline', 'This gain cannot be declined', 'VNT-10.5');
      declineEach(symbols);
    };

    const declineEach = (symbols: readonly Sym[]) => {
      const p = player(s, seat);
      for (const symbol of symbols) {
        p.sheet = decline(p.sheet);
        log('declined', { seat, symbol });
      }
    };

    const pay = (cost: number, rule: string) => {
      const p = player(s, seat);
      ruleCheck(coins(p.sheet) >= cost, 'no_coins', `This costs ${cost} coin(s)`, rule);
      p.sheet = { ...p.sheet, coinsSpent: p.sheet.coinsSpent + cost };
    };

    /** VNT-9.1, 11.5, 11.8: where a free action may be taken. */
    const freeStep = (second: boolean) => {
      ruleCheck(seat === s.current, 'not_your_turn', 'It is not your turn', 'VNT-4.1');
      const ok = s.phase === 'final' ? !second : s.phase === 'turn' && (s.step === 'free' || (s.step === 'noPlace' && !second));
      ruleCheck(ok, 'no_free_action_now', second ? 'A second card only after your placement, with an empty slot' : 'A free action only after your placement', second ? 'VNT-9.6' : 'VNT-9.1');
    };

    if (anyOpen(s)) {
      const head = tasksOf(s, seat)[0];
      ruleCheck(head, 'wait', 'Other players are deciding about their gains or curve moves', 'VNT-8.5');
      const list = tasksOf(s, seat);
      if (head.kind === 'gains') {
        ruleCheck(action.type === 'resolve_gains', 'answer_gains', 'Decide which symbols to decline first', 'VNT-10.4');
        const left = C.declinesPerGame - player(s, seat).sheet.declinesUsed;
        const d = action.decline;
        ruleCheck(d.every((x, i) => x < head.symbols.length && (i === 0 || x > (d[i - 1] ?? -1))), 'bad_indices', 'Decline indices must be distinct pending symbols in increasing order', 'VNT-10.3');
        ruleCheck(d.length <= left, 'no_declines_left', `You have ${left} decline(s) left`, 'VNT-10.1');
        head.symbols.forEach((symbol, i) => (d.includes(i) ? declineEach([symbol]) : record(seat, [symbol], head.node)));
      } else {
        ruleCheck(action.type === 'curve_move' || action.type === 'curve_skip', 'answer_curve', 'Decide about your free curve move first', 'VNT-8.5');
        if (action.type === 'curve_move') moveSlow(action, action.decline === true);
        else log('curve_skipped', { seat });
      }
      list.shift();
      drain(seat);
      afterEvents();
      return { state: s, events };
    }

    ruleCheck(seat === s.current, 'not_your_turn', 'It is not your turn', 'VNT-4.1');
    const p = player(s, seat);
    switch (action.type) {
      case 'choose_start_side':
        ruleCheck(s.phase === 'side', 'not_now', 'The start side is already chosen', 'VNT-2.4');
        s.side = action.side;
        s.phase = 'track';
        log('start_side', { seat, side: action.side });
        break;
      case 'choose_track': {
        ruleCheck(s.phase === 'track', 'not_now', 'Tracks are chosen at setup', 'VNT-2.9');
        ruleCheck(s.players.every((o) => o.lane !== action.lane), 'track_taken', 'That track is taken', 'VNT-2.9');
        p.lane = action.lane;
        log('track', { seat, lane: action.lane });
        record(seat, route(data, s.side ?? 0, [], action.lane)[0]?.station?.symbols ?? [], 0);
        s.current = next(s, seat);
        if (s.players.every((o) => o.lane !== null)) {
          s.phase = 'turn';
          s.current = s.startSeat;
          s.step = 'place';
          s.turnIndex = 1;
          log('turn', { seat: s.current, turnIndex: 1, phase: 'turn' });
        }
        break;
      }
      case 'place_card':
        ruleCheck(s.phase === 'turn' && s.step === 'place', 'not_now', s.step === 'noPlace' ? 'No card can be placed now' : 'You have placed your card this turn', s.step === 'noPlace' ? 'VNT-11.5' : 'VNT-4.1');
        place(action.source, action.cardId, 'free');
        break;
      case 'second_card':
        freeStep(true);
        pay(C.costs.secondCard, 'VNT-9.6');
        place(action.source, action.cardId, 'end');
        break;
      case 'slow_move':
        freeStep(false);
        pay(C.costs.slowMove, 'VNT-9.3');
        moveSlow(action, false);
        endTurn();
        break;
      case 'discard_a':
        freeStep(false);
        ruleCheck(p.hand.includes(action.cardId), 'not_in_hand', 'That card is not in your hand', 'VNT-9.7');
        p.hand = p.hand.filter((c) => c !== action.cardId);
        s.discarded.push(action.cardId);
        p.sheet = { ...p.sheet, coinsGained: p.sheet.coinsGained + C.costs.discardGain };
        // H-2: the discarded card stays hidden from everyone else.
        events.push({ type: 'discard_a', data: { seat, cardId: action.cardId }, visibleTo: [seat], redacted: { type: 'discard_a', data: { seat } } } satisfies VntEvent);
        endTurn();
        break;
      case 'any_symbol':
        freeStep(false);
        ruleCheck(!p.sheet.anySymbolUsed, 'any_symbol_used', 'Any symbol is once per game', 'VNT-9.8');
        ruleCheck(tickableRows(sheetDef(s), p.sheet).includes(action.row), 'row_not_tickable', 'That row has no free unlocked box', 'VNT-9.8');
        ruleCheck(coins(p.sheet) >= C.costs.anySymbol, 'no_coins', `This costs ${C.costs.anySymbol} coins`, 'VNT-9.8');
        p.sheet = anySymbol(sheetDef(s), p.sheet, action.row, s.turnIndex, C.costs.anySymbol);
        log('any_symbol', { seat, symbol: action.row });
        endTurn();
        break;
      case 'end_turn':
        ruleCheck(s.phase === 'turn' && (s.step === 'free' || s.step === 'noPlace'), 'not_now', 'Place your card first', 'VNT-4.1');
        endTurn();
        break;
      case 'pass':
        ruleCheck(s.phase === 'final', 'not_now', 'Passing is the final free action', 'VNT-11.8');
        endTurn();
        break;
      case 'resolve_gains':
      case 'curve_move':
      case 'curve_skip':
        ruleCheck(false, 'nothing_pending', 'There is no decision of yours pending', 'VNT-10.4');
    }
    return { state: s, events };
  }

  return { data, setup, toAct, legalActions, apply, routeOf };
}

