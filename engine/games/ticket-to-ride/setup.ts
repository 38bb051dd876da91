/** The start of a Ticket to Ride game (TTRE-2, TTRG-2): hands, market, opening tickets, passengers. */
import { ruleCheck, Rng, seedRng } from '../../core/index.js';
import { fullDeck, handOf, MARKET_SLOTS, settleMarket, type Piles } from './cards.js';
import type { TtrOptions } from './actions.js';
import type { TtrContext } from './rules-context.js';
import type { TtrState } from './state.js';

const INITIAL_HAND = 4;
const EUROPE_OPENING_REGULAR = 3;

export function setup({ map, germany, R }: TtrContext, seed: string, players: number, options: TtrOptions): TtrState {
  ruleCheck(players >= 2 && players <= 5, 'bad_player_count', 'Ticket to Ride takes 2 to 5 players', R('2.1', '2.1'));
  const rng = new Rng(seedRng(seed));
  const piles: Piles = { deck: rng.shuffle(fullDeck(map.cardsPerColour, map.locomotives)), market: [], discard: [] };
  const hands = Array.from({ length: players }, () => handOf(piles.deck.splice(0, INITIAL_HAND)));
  piles.market = piles.deck.splice(0, MARKET_SLOTS);
  settleMarket(piles, rng);
  const first = options.firstPlayer === 'random' ? rng.int(players) : options.firstPlayer;
  ruleCheck(first < players, 'bad_first_player', 'The first player must be one of the seats', R('2.10', '2.8'));

  const short = rng.shuffle(map.tickets.filter((t) => !t.long).map((t) => t.id));
  const long = rng.shuffle(map.tickets.filter((t) => t.long).map((t) => t.id));
  const opening = Array.from({ length: players }, (_, p) =>
    germany
      ? { short: null, dealt: [], kept: null }
      : {
          short: null,
          dealt: [long[p]!, ...short.slice(p * EUROPE_OPENING_REGULAR, (p + 1) * EUROPE_OPENING_REGULAR)],
          kept: null,
        },
  );
  // Europe: long tickets not dealt leave the game unseen (TTRE-2.7); the rest of the regular ones form the deck.
  const ticketDecks = germany ? { short, long } : { short: short.slice(players * EUROPE_OPENING_REGULAR), long: [] };

  const passengersAt: Record<string, Record<string, number>> = {};
  if (map.passengers) {
    const bag = rng.shuffle(
      Object.entries(map.passengers.colours).flatMap(([colour, n]) => Array.from({ length: n }, () => colour)),
    );
    for (const [location, count] of Object.entries(map.passengers.placement)) {
      const here: Record<string, number> = {};
      for (const colour of bag.splice(0, count)) here[colour] = (here[colour] ?? 0) + 1;
      passengersAt[location] = here;
    }
  }

  return {
    map: map.id,
    rng: rng.state,
    players,
    phase: 'opening',
    current: first,
    pending: null,
    deck: piles.deck,
    market: piles.market,
    discard: piles.discard,
    hands,
    trains: Array.from({ length: players }, () => map.trainsPerPlayer),
    stationsLeft: Array.from({ length: players }, () => map.stationsPerPlayer),
    routeOwners: {},
    stations: [],
    routePoints: Array.from({ length: players }, () => 0),
    tickets: Array.from({ length: players }, () => []),
    ticketDecks,
    opening,
    setAside: { short: [], long: [] },
    finalRound: null,
    passStreak: 0,
    passengersAt,
    passengers: Array.from({ length: players }, () => ({})),
    turn: 0,
    result: null,
  };
}
