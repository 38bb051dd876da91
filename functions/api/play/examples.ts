/**
 * Examples of the OpenAPI document (this resource's part; all are written alike): real answers of a local server (two
 * players, a timed Ticket to Ride: Europe game, a finished Vlaky na trati game against a bot, and
 * the webhooks one of them received), with long lists cut short and the host written as a public
 * one. Spectral and Redocly check each against its schema (test/api-spec.test.ts). The view and
 * log answers have one example per game, made from a seeded game when the document is written
 * (../game-examples.ts).
 */

const VLAKY_SYMBOLS = [
  'PASSENGER',
  'MAIL',
  'COAL',
  'IRON_ORE',
  'STEELWORKS',
  'FACTORY',
  'FOREST',
  'SAWMILL',
  'BEET',
  'SUGAR_FACTORY',
  'GLASSWORKS',
];

/** A Vlaky na trati seat as dealt: nothing ticked, gained or paid yet (the same for every seat). */
function vlakySeatAtSetup(seat: number) {
  const none = Object.fromEntries(VLAKY_SYMBOLS.map((symbol) => [symbol, 0]));
  const sheet = { ticks: none, gained: none, coinsGained: 0, coinsSpent: 0, declinesUsed: 0, anySymbolUsed: false };
  return {
    seat,
    lane: null,
    locos: [0, 0],
    handCount: 4,
    sheet: { ...sheet, columnsPaid: [], glassMaxTurn: null, lost: 0 },
    coins: 0,
    route: [],
    pending: null,
    score: 0,
  };
}

export const PLAY_EXAMPLES = {
  act: {
    request: { action: { type: 'draw_face_up', slot: 0 }, expectedVersion: 2 },
  },
  export: {
    game: 'vlaky-na-trati',
    rulesRevision: '2026-11-29',
    options: { sheet: 'I', startingPlayer: 'random' },
    players: [
      { seat: 0, name: 'Anna', bot: false, playerId: '67yeJhdN_7Vz1Q6p' },
      { seat: 1, name: 'Bot 1', bot: true, level: 'hard', playerId: null },
    ],
    seed: '1c082444ca8342a85d185b7cdda6244ec7402c323d24419eb4e0b2327bef1cfc',
    seedCommitment: '3ba41e9b7f2c8f339a9debd029007d28b9ca137a71442735c249d7bb4e1c3e71',
    setup: {
      sheet: 'I',
      phase: 'side',
      step: 'place',
      current: 0,
      startSeat: 0,
      side: null,
      turnIndex: 0,
      round: null,
      endTriggered: false,
      line: [],
      market: ['B20', 'B10', 'B03', 'B05'],
      deckCount: 21,
      boxedCount: 4,
      discardedCount: 0,
      slots: 24,
      toAct: [0],
      players: [0, 1].map(vlakySeatAtSetup),
      hands: [
        ['A04', 'A06', 'A11', 'A05'],
        ['A10', 'A07', 'A12', 'A08'],
      ],
      result: null,
    },
    actions: [
      {
        seat: 0,
        action: { type: 'choose_start_side', side: 0 },
        events: [{ type: 'start_side', data: { seat: 0, side: 0 } }],
      },
      {
        seat: 0,
        action: { type: 'choose_track', lane: 'T' },
        events: [
          { type: 'track', data: { seat: 0, lane: 'T' } },
          { type: 'symbol', data: { seat: 0, symbol: 'MAIL', node: 0, outcome: 'ticked' } },
        ],
      },
      {
        seat: 1,
        action: { type: 'choose_track', lane: 'M' },
        level: 'hard',
        events: [
          { type: 'track', data: { seat: 1, lane: 'M' } },
          { type: 'symbol', data: { seat: 1, symbol: 'PASSENGER', node: 0, outcome: 'ticked' } },
          { type: 'turn', data: { seat: 0, turnIndex: 1, phase: 'turn' } },
        ],
      },
      {
        seat: 0,
        action: { type: 'place_card', source: 'HAND', cardId: 'A04' },
        events: [
          { type: 'placed', data: { seat: 0, source: 'HAND', cardId: 'A04', slot: 1 } },
          { type: 'moved', data: { seat: 0, node: 1 } },
          { type: 'symbol', data: { seat: 0, symbol: 'MAIL', node: 1, outcome: 'ticked' } },
          { type: 'moved', data: { seat: 1, node: 1 } },
          { type: 'symbol', data: { seat: 1, symbol: 'PASSENGER', node: 1, outcome: 'ticked' } },
          { type: 'symbol', data: { seat: 1, symbol: 'GLASSWORKS', node: 1, outcome: 'ticked' } },
        ],
      },
    ],
    outcome: {
      scores: [21, 38],
      ranking: [2, 1],
      breakdown: [
        [
          { item: 'PASSENGER', points: 7, detail: 'PASSENGER_5' },
          { item: 'MAIL', points: -3, detail: 'MAIL_6' },
          { item: 'COAL', points: 2, detail: 'COAL_2' },
          { item: 'IRON_ORE', points: 2, detail: 'IRON_ORE_2' },
          { item: 'STEELWORKS', points: 9, detail: 'STEELWORKS_2' },
          { item: 'FACTORY', points: 0 },
          { item: 'FOREST × SAWMILL', points: 4, detail: '4 × 1' },
          { item: 'SUGAR_FACTORY', points: 0 },
          { item: 'GLASSWORKS', points: 0 },
          { item: 'coins', points: 0, detail: '0 × 1' },
        ],
        [
          { item: 'PASSENGER', points: 18, detail: '9 × 2 (most passengers)' },
          { item: 'MAIL', points: -3, detail: 'MAIL_6' },
          { item: 'COAL', points: 1, detail: 'COAL_1' },
          { item: 'IRON_ORE', points: 3, detail: 'IRON_ORE_3' },
          { item: 'STEELWORKS', points: 4, detail: 'STEELWORKS_1' },
          { item: 'FACTORY', points: 5, detail: 'FACTORY_1' },
          { item: 'FOREST × SAWMILL', points: 8, detail: '4 × 2' },
          { item: 'SUGAR_FACTORY', points: 0 },
          { item: 'GLASSWORKS', points: 2, detail: 'GLASSWORKS_1' },
          { item: 'coins', points: 0, detail: '0 × 1' },
        ],
      ],
    },
  },
} as const;
