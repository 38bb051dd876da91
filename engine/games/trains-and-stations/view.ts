/**
 * What a viewer may see (§17): the whole board, dice and public counters; the viewer's own hand and
 * sealed choices; of other seats only that they have committed. Hand sizes of others are hidden too
 * (TS-17.3), and nobody sees the special deck's order or the RNG state (TS-17.6).
 */
import { cloneJson, type Viewer } from '../../core/index.js';
import { GOODS, type Board } from './board.js';
import type { Hand, PendingView, TsView } from './schemas.js';
import { finalScores } from './scoring.js';
import type { Pending, TsState } from './state.js';

export type { TsView } from './schemas.js';

function pendingView(p: Pending): PendingView {
  if (p.kind === 'keep') return { kind: 'keep', committed: p.kept.map((k) => k !== null) };
  if (p.kind === 'speculate')
    return { kind: 'speculate', space: p.space, good: p.good, committed: p.offers.map((o) => o !== null) };
  if (p.kind === 'tasks') return { kind: 'tasks', committed: p.answers.map((a) => a !== null) };
  return p;
}

export function createView(b: Board, toAct: (s: TsState) => number[]) {
  return function view(s: TsState, viewer: Viewer): TsView {
    const hand = (seat: number): Hand => {
      const p = s.players[seat]!;
      return { goods: { ...p.goods }, specials: [...p.specials], dealt: [...p.dealt] };
    };
    const p = s.pending;
    const you =
      typeof viewer === 'number' && s.players[viewer]
        ? {
            seat: viewer,
            ...hand(viewer),
            kept: p.kind === 'keep' ? (p.kept[viewer] ?? null) : null,
            offer: p.kind === 'speculate' ? (p.offers[viewer] ?? null) : null,
            revealing: p.kind === 'tasks' ? (p.answers[viewer] ?? null) : null,
          }
        : null;
    return cloneJson({
      pending: pendingView(p),
      toAct: toAct(s),
      active: s.active,
      conductor: s.conductor,
      turn: s.turn,
      round: Math.ceil(s.turn / s.players.length),
      endTriggered: s.endTriggered,
      roundLimit: s.roundLimit,
      vpSupply: s.supply,
      vpReserve: s.reserve,
      bank: s.bank,
      specialDeck: s.specialDeck.length,
      bonusSupply: s.dice.filter((d) => d.zone === 'supply').length,
      goodsSpaces: s.spaces,
      usedGoods: s.used,
      unusedGoods: GOODS.filter((g) => !s.used.includes(g)),
      boxedGoods: s.boxedGoods,
      boxedSpecials: s.boxedSpecials,
      dice: s.dice,
      buildings: s.buildings,
      players: s.players.map((pl, seat) => ({
        vp: pl.vp,
        coins: pl.coins,
        buildingsLeft: pl.buildings,
        revealedTasks: pl.tasks,
        heldBonusDice: s.dice.filter((d) => d.zone === 'held' && d.holder === seat).length,
        diceInPool: s.dice.filter((d) => d.owner === seat && d.zone === 'pool').length,
        diceOnBoard: s.dice.filter((d) => d.owner === seat && d.zone === 'track').length,
      })),
      you,
      hands: viewer === 'all' ? s.players.map((_, seat) => hand(seat)) : null,
      outcome: p.kind === 'over' ? finalScores(b, s) : null,
    });
  };
}
