/**
 * Examples of the OpenAPI document (this resource's part; all are written alike): real answers of a local server (two
 * players, a timed Ticket to Ride: Europe game, a finished Vlaky na trati game against a bot, and
 * the webhooks one of them received), with long lists cut short and the host written as a public
 * one. Spectral and Redocly check each against its schema (test/api-spec.test.ts).
 */

export const CHAT_EXAMPLES = {
  chat: {
    messages: [
      {
        id: '0000000004-0mwu2js05-eadc472e',
        seat: 0,
        name: 'Anna',
        text: 'Good luck, Ben!',
        at: '2026-11-24T02:21:52.133Z',
        version: 4,
      },
    ],
    next: null,
  },
  postChat: {
    request: { text: 'Good luck, Ben!' },
    response: {
      id: '0000000004-0mwu2js05-eadc472e',
      seat: 0,
      name: 'Anna',
      text: 'Good luck, Ben!',
      at: '2026-11-24T02:21:52.133Z',
      version: 4,
    },
  },
} as const;
