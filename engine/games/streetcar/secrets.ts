/** What is hidden in Streetcar and from whom (SC-15), for the leak scans. */
import type { Seat } from '../../core/contract.js';
import { others, randomRng, redeal, texts, type SecretSpec, type Token } from '../../core/kit/secrets.js';
import { LINES, ROUTE_CARDS } from './data.js';
import type { StreetcarState } from './state.js';

export function streetcarSecrets(): SecretSpec<StreetcarState> {
  const frameOf = (s: StreetcarState) => (s.players.length <= 3 ? 'blue' : 'red');
  const routesOf = (s: StreetcarState) => ROUTE_CARDS.filter((c) => c.frame === frameOf(s)).map((c) => c.id);
  const routeKnown = (s: StreetcarState, seat: Seat, o: Seat) => o === seat || s.players[o]!.revealed;
  const lineKnown = (s: StreetcarState, seat: Seat, o: Seat) =>
    o === seat || s.players[o]!.revealed || s.players[o]!.announced;
  return {
    rules: ['SC-15.1', 'SC-15.2', 'SC-15.3'],
    optionSets: [
      { name: 'base game', options: () => ({}) },
      { name: 'V1 circuit (line announced, route secret)', options: () => ({ circuit: true }) },
      {
        name: 'V2 turnstile + V3 exchange/pass + V5 central supply',
        options: () => ({ turnstile: true, exchangePass: true, centralSupply: true }),
      },
      {
        name: 'V4 handicap + strict extendable',
        options: (n) => ({ handicap: [0, 2, 1, 3, 0].slice(0, n), strictExtendable: true, firstPlayer: 1 }),
      },
    ],
    botShare: 0.3,
    rng: (s) => s.rng,
    known: (s, seat) => [s.players[seat]!.route, ...s.players.flatMap((p) => (p.revealed ? [p.route] : []))],
    secretsOf(s, seat, known = new Set()) {
      // Route cards: other seats' undeclared ones and the unused ones of the frame in play (SC-15.2).
      // Line numbers, hand tiles and stack contents are not unique tokens: perturb() covers them.
      const visible = new Set<Token>([
        ...known,
        ...s.players.flatMap((p, o) => (routeKnown(s, seat, o) ? [p.route] : [])),
      ]);
      return texts('route card', routesOf(s), visible);
    },
    perturb(s, seat, rng) {
      const t = structuredClone(s);
      t.rng = randomRng(rng);
      const rest = others(s.players.length, seat);
      // Hand tiles of others and the four face-down stacks: one pool, same sizes (SC-15.1, SC-15.3).
      const pool = [...t.stacks.flat(), ...rest.flatMap((o) => t.players[o]!.hand)];
      const piles = redeal(
        pool,
        [...t.stacks.map((st) => st.length), ...rest.map((o) => t.players[o]!.hand.length)],
        rng,
      );
      t.stacks = piles.slice(0, t.stacks.length);
      rest.forEach((o, i) => (t.players[o]!.hand = piles[t.stacks.length + i]!));
      // Undeclared line and route cards, with the unused ones (SC-15.2).
      const hiddenLines = rest.filter((o) => !lineKnown(s, seat, o));
      const freeLines = LINES.filter((l) => !s.players.some((p) => p.line === l));
      const lines = rng.shuffle([...hiddenLines.map((o) => s.players[o]!.line), ...freeLines]);
      hiddenLines.forEach((o, i) => (t.players[o]!.line = lines[i]!));
      const hiddenRoutes = rest.filter((o) => !routeKnown(s, seat, o));
      const freeRoutes = routesOf(s).filter((r) => !s.players.some((p) => p.route === r));
      const routes = rng.shuffle([...hiddenRoutes.map((o) => s.players[o]!.route), ...freeRoutes]);
      hiddenRoutes.forEach((o, i) => (t.players[o]!.route = routes[i]!));
      return t;
    },
  };
}
