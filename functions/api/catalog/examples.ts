/**
 * Examples of the OpenAPI document (this resource's part; all are written alike): real answers of a local server (two
 * players, a timed Ticket to Ride: Europe game, a finished Vlaky na trati game against a bot, and
 * the webhooks one of them received), with long lists cut short and the host written as a public
 * one. Spectral and Redocly check each against its schema (test/api-spec.test.ts).
 */

export const CATALOG_EXAMPLES = {
  catalog: [
    {
      id: 'ticket-to-ride-europe',
      title: 'Ticket to Ride: Europe',
      minPlayers: 2,
      maxPlayers: 5,
      options: {
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        type: 'object',
        properties: {
          firstPlayer: {
            default: 'random',
            description: "Seat that plays first, or 'random' (TTRE-2.10, TTRG-2.8)",
            anyOf: [
              { type: 'string', const: 'random' },
              { type: 'integer', minimum: 0, maximum: 4 },
            ],
          },
        },
      },
    },
    {
      id: 'streetcar',
      title: 'Streetcar (Linie 1)',
      minPlayers: 2,
      maxPlayers: 5,
      options: {
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        type: 'object',
        properties: {
          firstPlayer: { default: 0, type: 'integer', minimum: 0, maximum: 4 },
          strictExtendable: { default: false, type: 'boolean' },
          circuit: { default: false, type: 'boolean' },
          turnstile: { default: false, type: 'boolean' },
          exchangePass: { default: false, type: 'boolean' },
          handicap: { default: [], maxItems: 5, type: 'array', items: { type: 'integer', minimum: 0, maximum: 5 } },
          centralSupply: { default: false, type: 'boolean' },
        },
        additionalProperties: false,
      },
    },
  ],
  catalogGame: {
    id: 'ticket-to-ride-europe',
    title: 'Ticket to Ride: Europe',
    minPlayers: 2,
    maxPlayers: 5,
    options: {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: {
        firstPlayer: {
          default: 'random',
          description: "Seat that plays first, or 'random' (TTRE-2.10, TTRG-2.8)",
          anyOf: [
            { type: 'string', const: 'random' },
            { type: 'integer', minimum: 0, maximum: 4 },
          ],
        },
      },
    },
    components: {
      id: 'europe',
      title: 'Ticket to Ride: Europe',
      cities: ['Amsterdam', 'Angora', 'Athina', 'Barcelona'],
      countries: [],
      routes: [
        {
          id: 1,
          a: 'Amsterdam',
          b: 'Bruxelles',
          length: 1,
          colour: 'black',
          tunnel: false,
          ferry: 0,
          group: 1,
          toCountry: false,
        },
        {
          id: 2,
          a: 'Amsterdam',
          b: 'Essen',
          length: 3,
          colour: 'yellow',
          tunnel: false,
          ferry: 0,
          group: 2,
          toCountry: false,
        },
      ],
      tickets: [
        { id: 1, a: 'Amsterdam', b: 'Pamplona', points: 7, long: false },
        { id: 2, a: 'Amsterdam', b: 'Wilno', points: 12, long: false },
      ],
      routeScoring: { '1': 1, '2': 2, '3': 4, '4': 7, '6': 15, '8': 21 },
      trainsPerPlayer: 45,
      stationsPerPlayer: 3,
      unusedStationPoints: 4,
      longestPathBonus: 10,
      globetrotterBonus: 0,
      passengers: null,
      cardsPerColour: 12,
      locomotives: 14,
    },
  },
} as const;
