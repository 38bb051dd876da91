/**
 * The state machine (§2–§11, §16) on the game kit: setup decisions, turns with their placement event
 * and free action, out-of-turn decisions (DP-4 declines, DP-5 curve moves) and the end of the game.
 * Each step lists its legal actions (legal.ts) and names their effects (placement, free-actions,
 * gains, turn-end).
 */
import { defineRules, nextSeat, ruleCheck, type Refusal, type Rules, type Seat } from '../../core/index.js';
import type { VntAction, VntOptions } from './actions.js';
import { LANES, type VntData } from './data.js';
import { freeActionEffects } from './free-actions.js';
import { gains } from './gains.js';
import { route, type RouteNode } from './geometry.js';
import { legalOptions } from './legal.js';
import { placement } from './placement.js';
import { anyOpen, fromStart, player, ruleContext, tasksOf, type D, type VntStep } from './rules-context.js';
import { setup } from './setup.js';
import type { VntState } from './state.js';
import { turnEnd } from './turn-end.js';

export interface VntRules extends Rules<VntState, VntAction> {
  data: VntData;
  setup(seed: string, players: number, options: VntOptions): VntState;
  /** A seat's route as far as the line is built (index = node). */
  routeOf(s: VntState, seat: Seat): RouteNode[];
}

const current = (s: VntState): Seat[] => [s.current];

/** VNT-9.1 / 9.6 / 11.8: why a free action or a second card is refused where it does not belong. */
const NO_FREE_ACTION: Refusal = {
  code: 'no_free_action_now',
  message: 'A free action only after your placement',
  rule: 'VNT-9.1',
};
const NO_SECOND_CARD: Refusal = {
  code: 'no_free_action_now',
  message: 'A second card only after your placement, with an empty slot',
  rule: 'VNT-9.6',
};
const NOT_FINAL: Refusal = { code: 'not_now', message: 'Passing is the final free action', rule: 'VNT-11.8' };

export function createRules(data: VntData): VntRules {
  const context = ruleContext(data);
  const { C, routeOf, slowChoices, declinable } = context;
  const { slowActions, declineSubsets, placements, freeActions } = legalOptions(context);
  const gained = gains(context);
  const { record, drain, declineEach } = gained;
  const end = turnEnd(context);
  const { endTurn, afterEvents } = end;
  const { place } = placement(context, gained, end);
  const { moveSlow, pay, free } = freeActionEffects(context, gained, end);

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
        ruleCheck(
          s.players.every((o) => o.lane !== a.lane),
          'track_taken',
          'That track is taken',
          'VNT-2.9',
        );
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
    refuse: {
      place_card: { code: 'not_now', message: 'You have placed your card this turn', rule: 'VNT-4.1' },
      pass: NOT_FINAL,
    },
  };

  /** VNT-11.5 / AMB-20: no card can be placed, so the turn is a free action or nothing. */
  const noPlace: VntStep = {
    rule: 'VNT-4.1',
    actors: current,
    actions: (s, seat) => [...freeActions(s, seat, false), { type: 'end_turn' }],
    on: { ...free, end_turn: endTurn },
    refuse: {
      place_card: { code: 'not_now', message: 'No card can be placed now', rule: 'VNT-11.5' },
      second_card: NO_SECOND_CARD,
      pass: NOT_FINAL,
    },
  };

  /** VNT-11.8: after the end is triggered, one last free action each, from the starting player. */
  const final: VntStep = {
    rule: 'VNT-4.1',
    actors: current,
    actions: (s, seat) => [...freeActions(s, seat, false), { type: 'pass' }],
    on: { ...free, pass: endTurn },
    refuse: {
      second_card: NO_SECOND_CARD,
      end_turn: { code: 'not_now', message: 'Place your card first', rule: 'VNT-4.1' },
    },
  };

  /** VNT-8.5 / §16.1: every seat with open gains (DP-4) or a curve move (DP-5) answers, from the starting player. */
  const decisions: VntStep = {
    rule: 'VNT-8.5',
    waiting: { code: 'wait', message: 'Other players are deciding about their gains or curve moves', rule: 'VNT-8.5' },
    actors: (s) => fromStart(s).filter((seat) => tasksOf(s, seat).length > 0),
    actions: (s, seat) => {
      const head = tasksOf(s, seat)[0];
      if (!head) return [];
      if (head.kind === 'gains')
        return declineSubsets(head.symbols.length, C.declinesPerGame - player(s, seat).sheet.declinesUsed).map(
          (decline) => ({ type: 'resolve_gains', decline }),
        );
      return [
        ...slowActions(slowChoices(s, seat), declinable(s, seat)).map((a) => ({ type: 'curve_move' as const, ...a })),
        { type: 'curve_skip' },
      ];
    },
    on: {
      resolve_gains: (d, a) => {
        const head = tasksOf(d.state, d.seat)[0];
        ruleCheck(head?.kind === 'gains', 'answer_curve', 'Decide about your free curve move first', 'VNT-8.5');
        const left = C.declinesPerGame - player(d.state, d.seat).sheet.declinesUsed;
        const x = a.decline;
        ruleCheck(
          x.every((v, i) => v < head.symbols.length && (i === 0 || v > (x[i - 1] ?? -1))),
          'bad_indices',
          'Decline indices must be distinct pending symbols in increasing order',
          'VNT-10.3',
        );
        ruleCheck(x.length <= left, 'no_declines_left', `You have ${left} decline(s) left`, 'VNT-10.1');
        head.symbols.forEach((symbol, i) =>
          x.includes(i) ? declineEach(d, [symbol]) : record(d, d.seat, [symbol], head.node),
        );
        answered(d);
      },
      curve_move: (d, a) => {
        ruleCheck(
          tasksOf(d.state, d.seat)[0]?.kind === 'curveMove',
          'answer_gains',
          'Decide which symbols to decline first',
          'VNT-10.4',
        );
        moveSlow(d, a, a.decline === true);
        answered(d);
      },
      curve_skip: (d) => {
        ruleCheck(
          tasksOf(d.state, d.seat)[0]?.kind === 'curveMove',
          'answer_gains',
          'Decide which symbols to decline first',
          'VNT-10.4',
        );
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

  return { ...rules, data, setup: (seed, players, options) => setup(context, seed, players, options), routeOf };
}
