/** Step 5: goods exhaustion, upgrades (TS-8) and speculation (TS-9). */
import { BUILDINGS, type Board, type BuildingType, type Good } from './board.js';
import type { Offer, TsState } from './state.js';
import type { TsDraft } from './draft.js';
import { finishTurn } from './turn.js';
import { payVP } from './vp.js';

/** The next tier of the space's chain with goods not yet used (TS-8.4); empty means the space goes dead. */
export function upgradeCandidates(b: Board, s: TsState, type: BuildingType): Good[] {
  const chain = b.chains[type];
  const tier = chain.findIndex((t) => t.includes(s.spaces[type].good));
  for (const goods of chain.slice(tier + 1)) {
    const open = goods.filter((g) => !s.used.includes(g));
    if (open.length > 0) return open;
  }
  return [];
}

/** Every (space, good) the active player may pick at the end of the turn (TS-8.3); good null = goes dead. */
export function upgradeOptions(b: Board, s: TsState): { space: BuildingType; good: Good | null }[] {
  return BUILDINGS.filter((t) => s.spaces[t].count === 0 && !s.spaces[t].dead).flatMap(
    (space): { space: BuildingType; good: Good | null }[] => {
      const goods = upgradeCandidates(b, s, space);
      return goods.length === 0 ? [{ space, good: null }] : goods.map((good) => ({ space, good }));
    },
  );
}

/** Step 5 and, without a decision left, the passing of the turn. */
export function endOfTurn(b: Board, d: TsDraft): void {
  const options = upgradeOptions(b, d.state);
  const only = options[0];
  if (only === undefined) return finishTurn(d);
  if (options.length > 1) {
    d.state.pending = { kind: 'upgrade', options };
    return;
  }
  upgrade(b, d, only.space, only.good);
}

/** One upgrade (TS-8.4, TS-8.6): a new deck of 10 and speculation, or a dead space. */
export function upgrade(b: Board, d: TsDraft, space: BuildingType, good: Good | null): void {
  const s = d.state;
  if (good === null) {
    s.spaces[space].dead = true;
    d.emit('space_dead', { space });
    return finishTurn(d);
  }
  s.spaces[space] = { good, count: b.deckSize[good], dead: false };
  s.used.push(good);
  s.stats.upgrades += 1;
  d.emit('upgrade', { space, good, count: b.deckSize[good] });
  s.pending = { kind: 'speculate', space, good, offers: s.players.map(() => null) };
}

/** Units of an offer: 1 per goods card, 2 per special goods card (TS-9.2). */
export const offerUnits = (o: Offer) =>
  Object.values(o.goods).reduce((a, n) => a + (n ?? 0), 0) + 2 * o.specials.length;

/** All commitments are in (`offers`, by seat): reveal, box the cards and share out the new good (TS-9.3/9.4). */
export function resolveSpeculation(d: TsDraft, offers: readonly (Offer | 'pass')[]): void {
  const s = d.state;
  const p = s.pending;
  if (p.kind !== 'speculate') return;
  const requests = offers.map((o) => (o === 'pass' ? 0 : offerUnits(o) / 2));
  d.emit('speculation_revealed', { good: p.good, offers: [...offers], requests });
  offers.forEach((o, seat) => {
    const player = s.players[seat];
    if (o === 'pass' || !player) return;
    for (const [g, n] of Object.entries(o.goods) as [Good, number][]) {
      player.goods[g] -= n;
      s.boxedGoods[g] += n;
    }
    player.specials = player.specials.filter((id) => !o.specials.includes(id));
    s.boxedSpecials.push(...o.specials);
  });
  if (requests.some((r) => r > 0)) s.stats.speculations += 1;
  const total = requests.reduce((a, r) => a + r, 0);
  if (total > s.spaces[p.space].count) {
    s.pending = { kind: 'share', space: p.space, good: p.good, requests };
    return;
  }
  shareSpeculation(d, p.space, requests, requests);
}

/** Hands out the new good; every card asked for and not received pays 1 VP (TS-9.4, AMB-19/20). */
export function shareSpeculation(
  d: TsDraft,
  space: BuildingType,
  requests: readonly number[],
  shares: readonly number[],
): void {
  const s = d.state;
  const good = s.spaces[space].good;
  shares.forEach((n, seat) => {
    const player = s.players[seat];
    if (!player) return;
    player.goods[good] += n;
    s.spaces[space].count -= n;
    const missing = (requests[seat] ?? 0) - n;
    payVP(s, seat, missing);
    if (n > 0 || missing > 0) d.emit('speculation_share', { seat, good, cards: n, vp: missing });
  });
  finishTurn(d);
}
