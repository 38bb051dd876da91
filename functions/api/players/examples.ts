/**
 * Examples of the OpenAPI document (this resource's part; all are written alike): real answers of a local server (two
 * players, a timed Ticket to Ride: Europe game, a finished Vlaky na trati game against a bot, and
 * the webhooks one of them received), with long lists cut short and the host written as a public
 * one. Spectral and Redocly check each against its schema (test/api-spec.test.ts).
 */

export const PLAYER_EXAMPLES = {
  createPlayer: {
    request: { name: 'Anna', email: 'anna@example.org' },
    response: {
      id: '67yeJhdN_7Vz1Q6p',
      name: 'Anna',
      token: '67yeJhdN_7Vz1Q6p.VRtw_c115yyNMX6c0sZXonx4OKO9S3tIAXt_bu943eo',
    },
  },
  me: {
    id: '67yeJhdN_7Vz1Q6p',
    name: 'Anna',
    createdAt: '2026-11-24T02:21:50.310Z',
    email: 'anna@example.org',
    notifications: {
      email: true,
      events: { yourTurn: true, reminder: true, gameStarted: true, gameFinished: true, chat: true, challenge: true },
      digest: null,
    },
    vacations: [{ id: 'U0Sd8r3z89cFRlmB', from: '2026-12-24T02:21:50.630Z', until: '2027-01-07T02:21:50.630Z' }],
    onVacation: false,
    language: 'cs',
    languageChosen: true,
  },
  patchMe: {
    request: {
      notifications: { events: { chat: true }, digest: { hour: 8, timeZone: 'Europe/Prague' } },
      language: 'cs',
    },
    response: {
      id: '67yeJhdN_7Vz1Q6p',
      name: 'Anna',
      createdAt: '2026-11-24T02:21:50.310Z',
      email: 'anna@example.org',
      notifications: {
        email: true,
        events: { yourTurn: true, reminder: true, gameStarted: true, gameFinished: true, chat: true, challenge: true },
        digest: { hour: 8, timeZone: 'Europe/Prague' },
      },
      vacations: [],
      onVacation: false,
      language: 'cs',
      languageChosen: true,
    },
  },
} as const;
