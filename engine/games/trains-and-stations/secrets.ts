/** What is hidden in Trains & Stations and from whom (TS-17), for the leak scans. */
import type { Seat } from '../../core/contract.js';
import { others, randomRng, relabel, runs, texts, type SecretSpec, type Token } from '../../core/kit/secrets.js';
import type { TsState } from './state.js';

export function tsSecrets(): SecretSpec<TsState> {
  const own = (s: TsState, seat: Seat): string[] => {
    const p = s.players[seat]!;
    const pend = s.pending;
    return [
      ...p.specials,
      ...p.dealt,
      ...(pend.kind === 'keep' ? (pend.kept[seat] ?? []) : []),
      ...(pend.kind === 'tasks' ? (pend.answers[seat] ?? []) : []),
      ...(pend.kind === 'speculate' && pend.offers[seat] && pend.offers[seat] !== 'pass'
        ? (pend.offers[seat] as { specials: string[] }).specials
        : []),
    ];
  };
  const publicCards = (s: TsState): string[] => [...s.players.flatMap((p) => p.tasks), ...s.boxedSpecials];
  const hiddenZones = (s: TsState): string[] => {
    const pend = s.pending;
    return [
      ...s.players.flatMap((p) => [...p.specials, ...p.dealt]),
      ...(pend.kind === 'keep' ? pend.kept.flatMap((k) => k ?? []) : []),
      ...(pend.kind === 'tasks' ? pend.answers.flatMap((a) => a ?? []) : []),
      ...(pend.kind === 'speculate' ? pend.offers.flatMap((o) => (o && o !== 'pass' ? o.specials : [])) : []),
      ...s.specialDeck,
    ];
  };
  return {
    rules: ['TS-17.2', 'TS-17.3', 'TS-17.5', 'TS-17.6'],
    optionSets: [
      { name: 'automatic tasks', options: () => ({}) },
      { name: 'manual tasks (DP-8 secret window)', options: () => ({ manualTasks: true, conductor: 0 }) },
    ],
    botShare: 0.95,
    rng: (s) => s.rng,
    known: (s, seat) => [...own(s, seat), ...publicCards(s)],
    secretsOf(s, seat, known = new Set()) {
      const visible = new Set<Token>([...known, ...own(s, seat), ...publicCards(s)]);
      // Special cards in other hands, dealt or sealed commitments of others, and the special deck (TS-17.2).
      const out = texts('special card', hiddenZones(s), visible);
      out.push(...runs('special deck order', s.specialDeck, visible));
      // Goods in other hands and every hand size (TS-17.3) are counts: perturb() covers them.
      return out;
    },
    perturb(s, seat, rng) {
      const t = structuredClone(s);
      t.rng = randomRng(rng);
      const rest = others(s.players.length, seat);
      const fixed = new Set([...own(s, seat), ...publicCards(s)]);
      const pi = relabel(
        hiddenZones(s).filter((c) => !fixed.has(c)),
        () => 'special',
        rng,
      );
      for (const p of t.players) {
        p.specials = p.specials.map(pi);
        p.dealt = p.dealt.map(pi);
      }
      t.specialDeck = rng.shuffle(t.specialDeck.map(pi));
      const pend = t.pending;
      if (pend.kind === 'keep') pend.kept = pend.kept.map((k) => k && k.map(pi));
      if (pend.kind === 'tasks') pend.answers = pend.answers.map((a) => a && a.map(pi));
      if (pend.kind === 'speculate')
        pend.offers = pend.offers.map((o) => (o && o !== 'pass' ? { ...o, specials: o.specials.map(pi) } : o));
      // Hand sizes are hidden (TS-17.3): move an uncommitted special card from one other seat to another.
      if (rest.length >= 2) {
        const [a, b] = rng.shuffle(rest);
        const from = t.players[a!]!;
        const pend2 = t.pending;
        const committed = new Set([
          ...(pend2.kind === 'tasks' ? (pend2.answers[a!] ?? []) : []),
          ...(pend2.kind === 'speculate' && pend2.offers[a!] && pend2.offers[a!] !== 'pass'
            ? (pend2.offers[a!] as { specials: string[] }).specials
            : []),
        ]);
        const movable = from.specials.filter((c) => !committed.has(c));
        if (movable.length) {
          const card = rng.pick(movable);
          from.specials = from.specials.filter((c) => c !== card);
          t.players[b!]!.specials.push(card);
        }
      }
      // Goods of others, by type (TS-17.2/17.3).
      for (const o of rest)
        for (const g of Object.keys(t.players[o]!.goods))
          (t.players[o]!.goods as Record<string, number>)[g] = rng.int(5);
      return t;
    },
  };
}
