/**
 * The state machine (§2–§11, §16) on the game kit: setup decisions, turns with their placement event
 * and free action, out-of-turn decisions (DP-4 declines, DP-5 curve moves) and the end of the game.
 * Each step lists its legal actions beside their effects.
 */
import { defineRules, lastOfRound, nextSeat, Rng, ruleCheck, seatsFrom, seedRng, type Draft, type Refusal, type Rules, type Seat, type Step } from '../../core/index.js';
import type { VntAction, VntOptions } from './actions.js';
import { LANES, slotCount, type Sym, type VntData } from './data.js';
import { arrivals, placementTasks, route, slowOptions, type RouteNode, type SlowOption } from './geometry.js';
import { outcomeOf } from './scoring.js';
import { anySymbol, coins, decline, emptySheet, gain, tickableRows } from './sheet.js';
import type { VntEvent } from './schemas.js';
import type { PlayerState, Task, VntState } from './state.js';

export interface VntRules extends Rules<VntState, VntAction> {
  data: VntData;
  setup(seed: string, players: number, options: VntOptions): VntState;
  /** A seat's route as far as the line is built (index = node). */
  routeOf(s: VntState, seat: Seat): RouteNode[];
}

type SlowAction = { steps: number; symbol?: Sym | undefined };
type D = Draft<VntState, VntEvent>;
type VntStep = Step<VntState, VntAction, VntEvent>;

const player = (s: VntState, seat: Seat): PlayerState => {
  const p = s.players[seat];
  if (!p) throw new Error(`no seat ${seat}`);
  return p;
};
const tasksOf = (s: VntState, seat: Seat): Task[] => s.tasks[seat] ?? [];
const anyOpen = (s: VntState): boolean => s.tasks.some((t) => t.length > 0);
/** VNT-7.8: decisions and logs go from the starting player clockwise. */
const fromStart = (s: VntState): Seat[] => seatsFrom(s.startSeat, s.players.length);
const current = (s: VntState): Seat[] => [s.current];

/** VNT-9.1 / 9.6 / 11.8: why a free action or a second card is refused where it does not belong. */
const NO_FREE_ACTION: Refusal = { code: 'no_free_action_now', message: 'A free action only after your placement', rule: 'VNT-9.1' };
const NO_SECOND_CARD: Refusal = { code: 'no_free_action_now', message: 'A second card only after your placement, with an empty slot', rule: 'VNT-9.6' };
const NOT_FINAL: Refusal = { code: 'not_now', message: 'Passing is the final free action', rule: 'VNT-11.8' };

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

  const placements = (s: VntState, seat: Seat) => [
    ...player(s, seat).hand.map((cardId) => ({ type: 'place_card' as const, source: 'HAND' as const, cardId })),
    ...s.market.map((cardId) => ({ type: 'place_card' as const, source: 'MARKET' as const, cardId })),
  ];

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

  // ---------- effects (on the draft)

  const record = (d: D, who: Seat, symbols: readonly Sym[], node: number) => {
    const p = player(d.state, who);
    for (const symbol of symbols) {
      const r = gain(sheetDef(d.state), p.sheet, symbol, d.state.turnIndex);
      p.sheet = r.sheet;
      d.emit('symbol', { seat: who, symbol, node, outcome: r.outcome });
    }
  };

  /** Runs a seat's tasks until one needs its answer (DP-4 / DP-5). */
  const drain = (d: D, who: Seat) => {
    const list = tasksOf(d.state, who);
    for (let head = list[0]; head; head = list[0]) {
      if (head.kind === 'gains') {
        if (declinable(d.state, who)) return;
        record(d, who, head.symbols, head.node);
      } else if (slowChoices(d.state, who).length > 0) return;
      list.shift();
    }
  };

  const finish = (d: D) => {
    const s = d.state;
    s.phase = 'over';
    s.result = outcomeOf(sheetDef(s), s.players.map((p) => p.sheet));
    d.emit('game_over', { scores: s.result.scores, ranking: s.result.ranking });
  };

  /** VNT-11.3 / 11.8: the next turn, the final free actions, or scoring. */
  const endTurn = (d: D) => {
    const s = d.state;
    const last = s.current === lastOfRound(s.startSeat, s.players.length);
    if (s.phase === 'final') {
      if (last) return finish(d);
      s.current = nextSeat(s.current, s.players.length);
    } else if (s.endTriggered && last) {
      s.phase = 'final';
      s.current = s.startSeat;
    } else {
      s.current = nextSeat(s.current, s.players.length);
      s.step = canPlace(s, s.current) ? 'place' : 'noPlace';
    }
    s.turnIndex++;
    d.emit('turn', { seat: s.current, turnIndex: s.turnIndex, phase: s.phase === 'final' ? 'final' : 'turn' });
  };

  const afterEvents = (d: D) => {
    if (anyOpen(d.state)) return;
    if (d.state.afterEvents === 'free') d.state.step = 'free';
    else endTurn(d);
  };

  const trigger = (d: D, reason: 'deckEmpty' | 'lineComplete') => {
    if (!d.state.endTriggered) d.emit('end_triggered', { reason });
    d.state.endTriggered = true;
  };

  /** VNT-5 → 6 → 7 → 8 (→ 10 decisions): one placement event. */
  const place = (d: D, source: 'HAND' | 'MARKET', cardId: string, then: 'free' | 'end') => {
    const { state: s, seat } = d;
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
      if (refill !== undefined) d.emit('refill', { cardId: refill, deckCount: s.deckB.length });
      if (refill !== undefined && s.deckB.length === 0) trigger(d, 'deckEmpty');
    }
    s.line.push(cardId);
    const slot = s.line.length;
    d.emit('placed', { seat, source, cardId, slot });
    if (slot === SLOTS) trigger(d, 'lineComplete');
    for (const who of fromStart(s)) {
      const nodes = routeOf(s, who);
      const p2 = player(s, who);
      p2.locos = [p2.locos[0], arrivals(nodes, slot).at(-1)?.node ?? p2.locos[1]];
      d.emit('moved', { seat: who, node: p2.locos[1] });
      s.tasks[who] = placementTasks(nodes, slot);
      drain(d, who);
    }
    s.step = 'events';
    s.afterEvents = then;
    afterEvents(d);
  };

  const declineEach = (d: D, symbols: readonly Sym[]) => {
    const p = player(d.state, d.seat);
    for (const symbol of symbols) {
      p.sheet = decline(p.sheet);
      d.emit('declined', { seat: d.seat, symbol });
    }
  };

  /** VNT-9.3–9.5 for slow_move and curve_move. */
  const moveSlow = (d: D, a: SlowAction, declining: boolean) => {
    const { state: s, seat } = d;
    const option = slowChoices(s, seat).find((o) => o.steps === a.steps);
    ruleCheck(option, 'no_such_station', 'Fewer stations lie between your locomotives', 'VNT-9.4');
    if (option.symbols.length === 2) ruleCheck(a.symbol !== undefined && option.symbols.includes(a.symbol), 'choose_symbol', 'Choose one of the two symbols of that station', 'VNT-9.5');
    else ruleCheck(a.symbol === undefined, 'no_symbol_choice', 'That station offers no symbol choice', 'VNT-9.5');
    const p = player(s, seat);
    p.locos = [option.node, p.locos[1]];
    d.emit('slow_moved', { seat, node: option.node });
    const symbols = a.symbol === undefined ? option.symbols : [a.symbol];
    if (!declining) return record(d, seat, symbols, option.node);
    ruleCheck(declinable(s, seat) && symbols.length > 0, 'no_decline', 'This gain cannot be declined', 'VNT-10.5');
    declineEach(d, symbols);
  };

  const pay = (d: D, cost: number, rule: string) => {
    const p = player(d.state, d.seat);
    ruleCheck(coins(p.sheet) >= cost, 'no_coins', `This costs ${cost} coin(s)`, rule);
    p.sheet = { ...p.sheet, coinsSpent: p.sheet.coinsSpent + cost };
  };

  /** The free actions (§9), the same in every step that offers them; each ends the turn. */
  const free = {
    slow_move: (d: D, a: Extract<VntAction, { type: 'slow_move' }>) => {
      pay(d, C.costs.slowMove, 'VNT-9.3');
      moveSlow(d, a, false);
      endTurn(d);
    },
    discard_a: (d: D, a: Extract<VntAction, { type: 'discard_a' }>) => {
      const p = player(d.state, d.seat);
      ruleCheck(p.hand.includes(a.cardId), 'not_in_hand', 'That card is not in your hand', 'VNT-9.7');
      p.hand = p.hand.filter((c) => c !== a.cardId);
      d.state.discarded.push(a.cardId);
      p.sheet = { ...p.sheet, coinsGained: p.sheet.coinsGained + C.costs.discardGain };
      // H-2: the discarded card stays hidden from everyone else.
      d.emitSecret({ type: 'discard_a', data: { seat: d.seat, cardId: a.cardId } }, [d.seat], { type: 'discard_a', data: { seat: d.seat } });
      endTurn(d);
    },
    any_symbol: (d: D, a: Extract<VntAction, { type: 'any_symbol' }>) => {
      const p = player(d.state, d.seat);
      ruleCheck(!p.sheet.anySymbolUsed, 'any_symbol_used', 'Any symbol is once per game', 'VNT-9.8');
      ruleCheck(tickableRows(sheetDef(d.state), p.sheet).includes(a.row), 'row_not_tickable', 'That row has no free unlocked box', 'VNT-9.8');
      ruleCheck(coins(p.sheet) >= C.costs.anySymbol, 'no_coins', `This costs ${C.costs.anySymbol} coins`, 'VNT-9.8');
      p.sheet = anySymbol(sheetDef(d.state), p.sheet, a.row, d.state.turnIndex, C.costs.anySymbol);
      d.emit('any_symbol', { seat: d.seat, symbol: a.row });
      endTurn(d);
    },
  };

  // ---------- the steps

  const side: VntStep = {
    rule: 'VNT-2.4',
    waiting: { message: 'It is not your turn', rule: 'VNT-4.1' },
    actors: current,
    actions: () => [0, 1].map((n) => ({ type: 'choose_start_side', side: n as 0 | 1 })),
    on: {
      choose_start_side: (d, a) => {
        d.state.side = a.side;
        d.state.phase = 'track';
        d.emit('start_side', { seat: d.seat, side: a.side });
      },
    },
  };

  const track: VntStep = {
    rule: 'VNT-2.9',
    actors: current,
    actions: (s) => {
      const taken = new Set(s.players.map((p) => p.lane));
      return LANES.filter((l) => !taken.has(l)).map((lane) => ({ type: 'choose_track', lane }));
    },
    on: {
      choose_track: (d, a) => {
        const s = d.state;
        ruleCheck(s.players.every((o) => o.lane !== a.lane), 'track_taken', 'That track is taken', 'VNT-2.9');
        player(s, d.seat).lane = a.lane;
        d.emit('track', { seat: d.seat, lane: a.lane });
        record(d, d.seat, route(data, s.side ?? 0, [], a.lane)[0]?.station?.symbols ?? [], 0);
        s.current = nextSeat(d.seat, s.players.length);
        if (s.players.every((o) => o.lane !== null)) {
          s.phase = 'turn';
          s.current = s.startSeat;
          s.step = 'place';
          s.turnIndex = 1;
          d.emit('turn', { seat: s.current, turnIndex: 1, phase: 'turn' });
        }
      },
    },
  };

  /** VNT-5.1: the mandatory placement that opens a turn. */
  const placeStep: VntStep = {
    rule: 'VNT-4.1',
    actors: current,
    actions: (s, seat) => placements(s, seat),
    on: { place_card: (d, a) => place(d, a.source, a.cardId, 'free') },
    refuse: {
      slow_move: NO_FREE_ACTION,
      discard_a: NO_FREE_ACTION,
      any_symbol: NO_FREE_ACTION,
      second_card: NO_SECOND_CARD,
      end_turn: { code: 'not_now', message: 'Place your card first', rule: 'VNT-4.1' },
      pass: NOT_FINAL,
    },
  };

  /** VNT-9: after the placement, one free action (a second card among them) or the end of the turn. */
  const freeStep: VntStep = {
    rule: 'VNT-4.1',
    actors: current,
    actions: (s, seat) => [...freeActions(s, seat, true), { type: 'end_turn' }],
    on: {
      ...free,
      second_card: (d, a) => {
        pay(d, C.costs.secondCard, 'VNT-9.6');
        place(d, a.source, a.cardId, 'end');
      },
      end_turn: endTurn,
    },
    refuse: { place_card: { code: 'not_now', message: 'You have placed your card this turn', rule: 'VNT-4.1' }, pass: NOT_FINAL },
  };

  /** VNT-11.5 / AMB-20: no card can be placed, so the turn is a free action or nothing. */
  const noPlace: VntStep = {
    rule: 'VNT-4.1',
    actors: current,
    actions: (s, seat) => [...freeActions(s, seat, false), { type: 'end_turn' }],
    on: { ...free, end_turn: endTurn },
    refuse: { place_card: { code: 'not_now', message: 'No card can be placed now', rule: 'VNT-11.5' }, second_card: NO_SECOND_CARD, pass: NOT_FINAL },
  };

  /** VNT-11.8: after the end is triggered, one last free action each, from the starting player. */
  const final: VntStep = {
    rule: 'VNT-4.1',
    actors: current,
    actions: (s, seat) => [...freeActions(s, seat, false), { type: 'pass' }],
    on: { ...free, pass: endTurn },
    refuse: { second_card: NO_SECOND_CARD, end_turn: { code: 'not_now', message: 'Place your card first', rule: 'VNT-4.1' } },
  };

  /** VNT-8.5 / §16.1: every seat with open gains (DP-4) or a curve move (DP-5) answers, from the starting player. */
  const decisions: VntStep = {
    rule: 'VNT-8.5',
    waiting: { code: 'wait', message: 'Other players are deciding about their gains or curve moves', rule: 'VNT-8.5' },
    actors: (s) => fromStart(s).filter((seat) => tasksOf(s, seat).length > 0),
    actions: (s, seat) => {
      const head = tasksOf(s, seat)[0];
      if (!head) return [];
      if (head.kind === 'gains') return declineSubsets(head.symbols.length, C.declinesPerGame - player(s, seat).sheet.declinesUsed).map((decline) => ({ type: 'resolve_gains', decline }));
      return [...slowActions(slowChoices(s, seat), declinable(s, seat)).map((a) => ({ type: 'curve_move' as const, ...a })), { type: 'curve_skip' }];
    },
    on: {
      resolve_gains: (d, a) => {
        const head = tasksOf(d.state, d.seat)[0];
        ruleCheck(head?.kind === 'gains', 'answer_curve', 'Decide about your free curve move first', 'VNT-8.5');
        const left = C.declinesPerGame - player(d.state, d.seat).sheet.declinesUsed;
        const x = a.decline;
        ruleCheck(x.every((v, i) => v < head.symbols.length && (i === 0 || v > (x[i - 1] ?? -1))), 'bad_indices', 'Decline indices must be distinct pending symbols in increasing order', 'VNT-10.3');
        ruleCheck(x.length <= left, 'no_declines_left', `You have ${left} decline(s) left`, 'VNT-10.1');
        head.symbols.forEach((symbol, i) => (x.includes(i) ? declineEach(d, [symbol]) : record(d, d.seat, [symbol], head.node)));
        answered(d);
      },
      curve_move: (d, a) => {
        ruleCheck(tasksOf(d.state, d.seat)[0]?.kind === 'curveMove', 'answer_gains', 'Decide which symbols to decline first', 'VNT-10.4');
        moveSlow(d, a, a.decline === true);
        answered(d);
      },
      curve_skip: (d) => {
        ruleCheck(tasksOf(d.state, d.seat)[0]?.kind === 'curveMove', 'answer_gains', 'Decide which symbols to decline first', 'VNT-10.4');
        d.emit('curve_skipped', { seat: d.seat });
        answered(d);
      },
    },
  };

  /** The seat's head task is answered: on to its next one, and back to the turn once nobody owes one. */
  const answered = (d: D) => {
    tasksOf(d.state, d.seat).shift();
    drain(d, d.seat);
    afterEvents(d);
  };

  const rules = defineRules({
    seats: (s) => s.players.length,
    overRule: 'VNT-11.9',
    step: (s) => {
      if (s.phase === 'over') return null;
      if (anyOpen(s)) return 'decisions';
      if (s.phase !== 'turn') return s.phase;
      return s.step === 'free' ? 'free' : s.step === 'noPlace' ? 'noPlace' : 'place';
    },
    steps: { side, track, place: placeStep, free: freeStep, noPlace, final, decisions },
  });

  return { ...rules, data, setup, routeOf };
}
