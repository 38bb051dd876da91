/** What is hidden in Vlaky na trati and from whom (H-1, H-2, VNT-9.7), for the leak scans. */
import { others, randomRng, redeal, runs, texts, type SecretSpec, type Token } from '../../core/kit/secrets.js';
import type { VntState } from './state.js';

export function vntSecrets(): SecretSpec<VntState> {
  const publicCards = (s: VntState) => [...s.line, ...s.market];
  return {
    rules: ['H-1', 'H-2', 'VNT-9.7'],
    optionSets: [
      { name: 'sheet I, random start', options: () => ({}) },
      { name: 'sheet II, seat 1 starts', options: () => ({ sheet: 'II', startingPlayer: 1 }) },
    ],
    botShare: 0.3,
    rng: (s) => s.rng,
    known: (s, seat) => [...s.players[seat]!.hand, ...publicCards(s)],
    secretsOf(s, seat, known = new Set()) {
      const visible = new Set<Token>([...known, ...s.players[seat]!.hand, ...publicCards(s)]);
      // Others' hands (H-1), boxed A cards (2 players) and discarded A cards (H-2, VNT-9.7).
      const out = texts(
        'A card',
        [...s.players.flatMap((p, o) => (o === seat ? [] : p.hand)), ...s.boxA, ...s.discarded],
        visible,
      );
      // Deck B: which cards remain follows from the public line and market; the order is hidden (H-2).
      out.push(...runs('deck B order', s.deckB, visible));
      return out;
    },
    perturb(s, seat, rng) {
      const t = structuredClone(s);
      t.rng = randomRng(rng);
      const rest = others(s.players.length, seat);
      const pool = [...rest.flatMap((o) => t.players[o]!.hand), ...t.boxA, ...t.discarded];
      const piles = redeal(
        pool,
        [...rest.map((o) => t.players[o]!.hand.length), t.boxA.length, t.discarded.length],
        rng,
      );
      rest.forEach((o, i) => (t.players[o]!.hand = piles[i]!));
      t.boxA = piles[rest.length]!;
      t.discarded = piles[rest.length + 1]!;
      t.deckB = rng.shuffle(t.deckB);
      return t;
    },
  };
}
