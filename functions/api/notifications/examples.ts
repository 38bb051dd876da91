/**
 * Examples of the OpenAPI document (this resource's part; all are written alike): real answers of a local server (two
 * players, a timed Ticket to Ride: Europe game, a finished Vlaky na trati game against a bot, and
 * the webhooks one of them received, with its delivery log), with long lists cut short and the
 * host written as a public one. Spectral and Redocly check each against its schema (test/api-spec.test.ts).
 */

/** The `webhookTest` example's attempt: answered by the test event, and listed in the delivery log. */
const TEST_ATTEMPT = {
  id: '7',
  kind: 'webhookTest',
  eventId: 'msg_UFhuttc9ZGdUNGGiyKMpoNZ9WZ4SdQWrcJIdRSnbZbg',
  attemptedAt: '2026-11-24T02:21:52.000Z',
  attempt: 1,
  status: 204,
  latencyMs: 41,
  error: null,
  redelivery: false,
} as const;

/** A redelivery of a `yourTurn` message whose first attempt timed out: answered, and first in the log. */
const REDELIVERED_ATTEMPT = {
  id: '9',
  kind: 'yourTurn',
  eventId: 'msg_24we7JRtG4Ji_qk91O6BbMpTf1HqoeyzBTU-IGpNn1M',
  attemptedAt: '2026-11-24T02:24:12.311Z',
  attempt: 2,
  status: 204,
  latencyMs: 37,
  error: null,
  redelivery: true,
} as const;

export const NOTIFICATION_EXAMPLES = {
  listVacations: [{ id: 'U0Sd8r3z89cFRlmB', from: '2026-12-24T02:21:50.630Z', until: '2027-01-07T02:21:50.630Z' }],
  createVacation: {
    request: { from: '2026-12-24T02:21:50.630Z', until: '2027-01-07T02:21:50.630Z' },
    response: { id: 'U0Sd8r3z89cFRlmB', from: '2026-12-24T02:21:50.630Z', until: '2027-01-07T02:21:50.630Z' },
  },
  listWebhooks: [
    {
      id: '_ldI4_vf29G0QHkF',
      url: 'https://example.org/railpost-hook',
      events: ['yourTurn', 'reminder', 'gameStarted', 'gameFinished', 'chat'],
      createdAt: '2026-11-24T02:21:50.907Z',
    },
  ],
  createWebhook: {
    request: { url: 'https://example.org/railpost-hook' },
    response: {
      id: '_ldI4_vf29G0QHkF',
      url: 'https://example.org/railpost-hook',
      events: ['yourTurn', 'reminder', 'gameStarted', 'gameFinished', 'chat'],
      createdAt: '2026-11-24T02:21:50.907Z',
      secret: 'whsec_J1J3dOZvfqU0zLuWV7dBDtIO6T6ipxxk/PgzEQ68JkM=',
    },
  },
  testWebhook: TEST_ATTEMPT,
  listWebhookDeliveries: [
    REDELIVERED_ATTEMPT,
    {
      id: '8',
      kind: 'yourTurn',
      eventId: 'msg_24we7JRtG4Ji_qk91O6BbMpTf1HqoeyzBTU-IGpNn1M',
      attemptedAt: '2026-11-24T02:21:55.251Z',
      attempt: 1,
      status: null,
      latencyMs: 10003,
      error: { code: 'timeout', message: 'No answer within 10 s' },
      redelivery: false,
    },
    TEST_ATTEMPT,
  ],
  redeliverWebhook: REDELIVERED_ATTEMPT,
  listPushSubscriptions: [
    {
      id: 'eb267bf06d7d525c016de181716ca716',
      origin: 'https://fcm.googleapis.com',
      createdAt: '2026-11-24T02:21:51.071Z',
    },
  ],
  createPushSubscription: {
    request: {
      endpoint: 'https://fcm.googleapis.com/fcm/send/--FL36IWpZu5_1MP:APA91bBzPixKJhN8aig1QJZgMlIoiAtid5cZ9TLyRgIlj7',
      expirationTime: null,
      keys: {
        p256dh: 'BJWI7JTGJXX6iaJpMh4ZpBkMgfos28c3dB_UDo71Xrikuxb0pg0ImDomuCK_LV305Jfn7P0nRJKZTRb2UhUImqI',
        auth: 'Aae2IXVDr98uA3cTTG5xQg',
      },
    },
    response: { id: 'eb267bf06d7d525c016de181716ca716' },
  },
  vapidPublicKey: {
    publicKey: 'BAyy9XHKDOhj2Qs-flm1gVx2xsSUuLtIWuO8sK43cDi_bAzAcAOrT8grPWa7O3eWVyln_4i0OdvlUIDnjR-nyFg',
  },
  unsubscribe: { unsubscribed: true, channel: 'email', kind: 'chat' },
  webhooks: {
    gameStarted: {
      type: 'gameStarted',
      timestamp: '2026-11-24T02:21:57.834Z',
      data: {
        gameId: 'FKPrfbBjvLBvLK6i',
        game: 'ticket-to-ride-europe',
        title: 'Ticket to Ride: Europe',
        playerId: 'cicKW0C-Hpp-W1o4',
        seat: 0,
        seatsDue: [0],
        version: 1,
        link: 'https://railpost.example.org/v1/games/FKPrfbBjvLBvLK6i',
        page: 'https://railpost.example.org/#/games/FKPrfbBjvLBvLK6i',
        board:
          'https://railpost.example.org/v1/board-pictures/b1.eyJnIjoiRktQcmZiQmp2TEJ2TEs2aSIsInYiOjF9.pJbAXc7yu1KLfhVlkAnhjX5w0GRkNfJfAV4IZqIB6lc',
        changes: ['Bot 1: kept_opening_tickets'],
        deadline: '2026-11-24T02:22:01.797Z',
      },
    },
    yourTurn: {
      type: 'yourTurn',
      timestamp: '2026-11-24T02:21:55.247Z',
      data: {
        gameId: 'J2vD4oNr2uHIlua_',
        game: 'vlaky-na-trati',
        title: 'Vlaky na trati',
        playerId: 'cicKW0C-Hpp-W1o4',
        seat: 1,
        seatsDue: [1],
        version: 3,
        link: 'https://railpost.example.org/v1/games/J2vD4oNr2uHIlua_',
        page: 'https://railpost.example.org/#/games/J2vD4oNr2uHIlua_',
        board:
          'https://railpost.example.org/v1/board-pictures/b1.eyJnIjoiSjJ2RDRvTnIydUhJbHVhXyIsInYiOjN9.YXDbdg22Jj5R5eHdaQ3D936ndpkuT0EX60EUZbY-1Es',
        changes: [
          'Anna: track {"lane":"M"}',
          'Anna: symbol {"symbol":"PASSENGER","node":0,"outcome":"ticked"}',
          'Anna: turn {"turnIndex":1,"phase":"turn"}',
        ],
        deadline: '2026-11-27T02:21:55.208Z',
      },
    },
    gameFinished: {
      type: 'gameFinished',
      timestamp: '2026-11-24T02:21:57.783Z',
      data: {
        gameId: 'EYbfkchR_0jieUN5',
        game: 'vlaky-na-trati',
        title: 'Vlaky na trati',
        playerId: 'cicKW0C-Hpp-W1o4',
        seat: 0,
        seatsDue: [],
        version: 57,
        link: 'https://railpost.example.org/v1/games/EYbfkchR_0jieUN5',
        page: 'https://railpost.example.org/#/games/EYbfkchR_0jieUN5',
        board:
          'https://railpost.example.org/v1/board-pictures/b1.eyJnIjoiRVliZmtjaFJfMGppZVVONSIsInYiOjU3fQ.r88hJV99_Uni6D6PNApG5v4C2oxd6A1YM-SPfYnrhPI',
        changes: ['Bot 1: game_over {"scores":[34,42],"ranking":[2,1]}'],
        result: { places: [2, 1], scores: [34, 42] },
      },
    },
    reminder: {
      type: 'reminder',
      timestamp: '2026-11-24T02:21:59.402Z',
      data: {
        gameId: 'FKPrfbBjvLBvLK6i',
        game: 'ticket-to-ride-europe',
        title: 'Ticket to Ride: Europe',
        playerId: 'cicKW0C-Hpp-W1o4',
        seat: 0,
        seatsDue: [0],
        version: 1,
        link: 'https://railpost.example.org/v1/games/FKPrfbBjvLBvLK6i',
        page: 'https://railpost.example.org/#/games/FKPrfbBjvLBvLK6i',
        board:
          'https://railpost.example.org/v1/board-pictures/b1.eyJnIjoiRktQcmZiQmp2TEJ2TEs2aSIsInYiOjF9.pJbAXc7yu1KLfhVlkAnhjX5w0GRkNfJfAV4IZqIB6lc',
        changes: [],
        deadline: '2026-11-24T02:22:01.797Z',
      },
    },
    webhookTest: {
      type: 'webhookTest',
      timestamp: '2026-11-24T02:21:51.002Z',
      data: { playerId: 'cicKW0C-Hpp-W1o4', webhookId: '_ldI4_vf29G0QHkF' },
    },
  },
} as const;

/**
 * The Standard Webhooks headers of the `webhookTest` example above, sent to the `createWebhook`
 * example's endpoint (signed with its secret) at `timestamp`: the headers' examples, and the test
 * vector of docs/notifications.md (test/webhook-vector.test.ts verifies both).
 */
export const SIGNED_EXAMPLE = {
  id: 'msg_UFhuttc9ZGdUNGGiyKMpoNZ9WZ4SdQWrcJIdRSnbZbg',
  timestamp: '1795486912',
  signature: 'v1,e1e9eNnhNQyCq51QiqLJ8DjvTmvdHMAjJBZPcAbUbg8=',
} as const;
