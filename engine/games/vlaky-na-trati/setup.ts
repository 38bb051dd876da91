/** The start of a game of Vlaky na trati (§2): decks, hands, the market and the starting player. */
import { Rng, seedRng } from '../../core/index.js';
import type { VntOptions } from './actions.js';
import type { VntContext } from './rules-context.js';
import { emptySheet } from './sheet.js';
import type { VntState } from './state.js';

export function setup({ data, C }: VntContext, seed: string, players: number, options: VntOptions): VntState {
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
