/** Dice on the table: where they are, rolling, and the track-placement rule (TS-0.2, TS-5, TS-6.3). */
import type { Rng } from '../../core/index.js';
import { FACES, type Board, type Face } from './board.js';
import type { Die, TsState } from './state.js';

export const isTrain = (f: Face | null) => f === 'TRAIN' || f === 'LOCKED_TRAIN';
export const isBuildingFace = (f: Face | null) => f === 'RANCH' || f === 'MINE' || f === 'HOTEL';

export const idsWhere = (s: TsState, pred: (d: Die, id: number) => boolean): number[] =>
  s.dice.flatMap((d, id) => (pred(d, id) ? [id] : []));
export const inPlay = (s: TsState) => idsWhere(s, (d) => d.zone === 'play');
export const ownOnTrack = (s: TsState, seat: number) =>
  idsWhere(s, (d) => d.owner === seat && d.zone === 'track').length;
export const bonusSupply = (s: TsState) => idsWhere(s, (d) => d.zone === 'supply');
export const heldBonus = (s: TsState, seat: number) => idsWhere(s, (d) => d.zone === 'held' && d.holder === seat);

/** Track space → die id. */
export function occupancy(s: TsState): Map<string, number> {
  const m = new Map<string, number>();
  s.dice.forEach((d, id) => {
    if (d.zone === 'track' && d.space !== null) m.set(d.space, id);
  });
  return m;
}

/** Empty spaces next to a city or to an occupied space (TS-6.3). */
export function legalSpaces(b: Board, s: TsState): string[] {
  const occ = occupancy(s);
  const out: string[] = [];
  for (const sp of b.spaces.values()) {
    if (occ.has(sp.id)) continue;
    if (sp.cities.length > 0 || sp.neighbours.some((n) => occ.has(n))) out.push(sp.id);
  }
  return out;
}

export function roll(rng: Rng): Face {
  return FACES[rng.int(FACES.length)] as Face;
}

/** A die leaves play or the track: own dice to the pool, white dice to the common supply (TS-6.7, TS-7.9). */
export function sendBack(d: Die): void {
  d.zone = d.owner === null ? 'supply' : 'pool';
  d.face = null;
  d.space = null;
  d.holder = null;
}

/** Dice in play that may still be re-rolled (TS-5.3/5.4). */
export const rerollable = (s: TsState) => inPlay(s).filter((id) => s.dice[id]?.face !== 'LOCKED_TRAIN');

/** A key under which dice are interchangeable for the rules: owner kind and face. */
export const dieClass = (d: Die | undefined) =>
  `${d?.owner === null ? 'white' : 'own'}:${d?.face ?? '-'}:${d?.zone ?? '-'}`;
