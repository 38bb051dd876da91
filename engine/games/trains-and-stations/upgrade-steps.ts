/** The steps after the deliveries: upgrading an exhausted space (DP-9, TS-8) and speculating on its new deck (DP-10/11, TS-9). */
import { awaiting, ruleCheck } from '../../core/index.js';
import type { ActionOf } from './actions.js';
import type { Board } from './board.js';
import type { TsDraft } from './draft.js';
import { boundedSums, speculateActions } from './legal.js';
import type { Offer } from './state.js';
import { base, complete, distinct, pendingOf, type TsStep } from './step-kit.js';
import { offerUnits, resolveSpeculation, shareSpeculation, upgrade } from './upgrade.js';

export function upgradeSteps(b: Board) {
  function speculate(d: TsDraft, a: ActionOf<'speculate'> | ActionOf<'speculate_pass'>): void {
    const p = pendingOf(d.state, 'speculate');
    let offer: Offer | 'pass' = 'pass';
    if (a.type === 'speculate') {
      const player = d.state.players[d.seat]!;
      const goods = Object.fromEntries(Object.entries(a.goods).filter(([, n]) => (n ?? 0) > 0));
      ruleCheck(
        Object.entries(goods).every(([g, n]) => (n ?? 0) <= player.goods[g as keyof typeof player.goods]),
        'not_in_hand',
        'You can offer only goods in your hand',
        'TS-9.2',
      );
      ruleCheck(
        distinct(a.specials) &&
          a.specials.every((id) => player.specials.includes(id) && b.special.get(id)?.kind === 'GOODS'),
        'not_in_hand',
        'Only special goods cards in your hand can be offered',
        'TS-12.4',
      );
      offer = { goods, specials: [...a.specials] };
      const units = offerUnits(offer);
      ruleCheck(
        units >= 2 && units % 2 === 0,
        'odd_offer',
        'An offer needs an even number of goods, at least 2',
        'TS-9.2',
      );
    }
    p.offers[d.seat] = offer;
    d.emitSecret({ type: 'speculation_committed', data: { seat: d.seat, offer } }, [d.seat], {
      type: 'speculation_committed',
      data: { seat: d.seat },
    });
    if (complete(p.offers)) resolveSpeculation(d, p.offers);
  }

  /** DP-9 (TS-8.3/8.4): which exhausted space to upgrade, and to which good where the hotel offers two. */
  const upgradeStep: TsStep = {
    ...base,
    rule: 'TS-8.3',
    actions: (s) => {
      const p = pendingOf(s, 'upgrade');
      const choices = (space: string) => p.options.filter((o) => o.space === space).length;
      return p.options.map((o): ActionOf<'choose_upgrade'> =>
        choices(o.space) > 1 && o.good !== null
          ? { type: 'choose_upgrade', space: o.space, good: o.good }
          : { type: 'choose_upgrade', space: o.space },
      );
    },
    on: {
      choose_upgrade: (d, a) => {
        const forSpace = pendingOf(d.state, 'upgrade').options.filter((o) => o.space === a.space);
        ruleCheck(forSpace.length > 0, 'not_exhausted', 'Only an exhausted space can be upgraded', 'TS-8.3');
        const pick =
          forSpace.length > 1
            ? forSpace.find((o) => o.good === a.good)
            : a.good === undefined
              ? forSpace[0]
              : undefined;
        ruleCheck(
          pick,
          'bad_good',
          forSpace.length > 1 ? 'Choose one of the offered goods' : 'This space has no choice of good',
          'TS-8.4',
        );
        upgrade(b, d, pick.space, pick.good);
      },
    },
  };

  /** DP-10 (TS-9.1–9.3): every seat secretly offers goods for the new deck, or passes. */
  const speculateStep: TsStep = {
    ...base,
    rule: 'TS-9.1',
    actors: (s) => awaiting(pendingOf(s, 'speculate').offers),
    actions: (s, seat) => speculateActions(b, s, seat),
    on: { speculate, speculate_pass: speculate },
  };

  /** DP-11 (TS-9.4, AMB-19): the active player shares out a new deck too small for the requests. */
  const share: TsStep = {
    ...base,
    rule: 'TS-9.4',
    actions: (s) => {
      const p = pendingOf(s, 'share');
      return boundedSums(p.requests, s.spaces[p.space].count).map((shares) => ({
        type: 'allocate_speculation',
        shares,
      }));
    },
    on: {
      allocate_speculation: (d, a) => {
        const { state: s } = d;
        const p = pendingOf(s, 'share');
        ruleCheck(a.shares.length === s.players.length, 'bad_shares', 'Give a share for every seat', 'TS-9.4');
        ruleCheck(
          a.shares.every((n, seat) => n <= (p.requests[seat] ?? 0)),
          'over_request',
          'Nobody may get more than they asked for',
          'TS-9.4',
        );
        ruleCheck(
          a.shares.reduce((x, n) => x + n, 0) === s.spaces[p.space].count,
          'not_all_shared',
          'Every card of the new deck must be handed out',
          'AMB-19',
        );
        shareSpeculation(d, p.space, p.requests, a.shares);
      },
    },
  };

  return { upgradeStep, speculateStep, share };
}
