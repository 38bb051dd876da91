/**
 * Examples of the OpenAPI document (this resource's part; all are written alike): real answers of a local server (two
 * players, a timed Ticket to Ride: Europe game, a finished Vlaky na trati game against a bot, and
 * the webhooks one of them received), with long lists cut short and the host written as a public
 * one. Spectral and Redocly check each against its schema (test/api-spec.test.ts).
 */

export const GAME_EXAMPLES = {
  createGame: {
    request: {
      game: 'ticket-to-ride-europe',
      players: 3,
      bots: ['hard'],
      standInLevel: 'medium',
      timeControl: { perMove: 'P3D', onTimeout: 'bot' },
    },
    response: {
      id: 'z4iNJbGs1nvedoDJ',
      game: 'ticket-to-ride-europe',
      status: 'open',
      players: 3,
      options: { firstPlayer: 'random' },
      seats: [
        { seat: 0, name: 'Anna', bot: false, playerId: '67yeJhdN_7Vz1Q6p' },
        { seat: 1, name: null, bot: false, playerId: null },
        { seat: 2, name: 'Bot 1', bot: true, level: 'hard', playerId: null },
      ],
      toAct: [],
      version: 0,
      seedCommitment: '0da5914c5c9a3b0b64986529b4a59ccab0195325a7299f9fbeaaac9fecdba6c2',
      createdAt: '2026-11-24T02:21:51.305Z',
      visibility: 'private',
      standInLevel: 'medium',
      yourSeat: 0,
      inviteCode: 'zdyTC55qYIE',
      timeControl: { perMove: 'P3D', onTimeout: 'bot', reminderAt: 0.8 },
    },
  },
  listGames: {
    items: [
      {
        id: 'J2vD4oNr2uHIlua_',
        game: 'vlaky-na-trati',
        status: 'active',
        players: 2,
        seat: 0,
        myTurn: false,
        toAct: [1],
        version: 4,
        createdAt: '2026-11-24T02:21:54.801Z',
        seats: [
          { seat: 0, name: 'Anna', bot: false, playerId: '67yeJhdN_7Vz1Q6p' },
          { seat: 1, name: 'Ben', bot: false, playerId: 'Qm3vK8tLx2Wn9aZr' },
        ],
      },
      {
        id: 'KGI7ciZNbIJ1J0Et',
        game: 'streetcar',
        status: 'active',
        players: 2,
        seat: 0,
        myTurn: true,
        toAct: [0],
        version: 4,
        createdAt: '2026-11-24T02:21:53.204Z',
        deadline: '2026-11-27T02:21:54.226Z',
        seats: [
          { seat: 0, name: 'Anna', bot: false, playerId: '67yeJhdN_7Vz1Q6p' },
          { seat: 1, name: 'Bot 1', bot: true, playerId: null, level: 'medium' },
        ],
      },
    ],
    next: 'WyIyMDI2LTExLTI0VDAyOjIxOjUzLjIwNFoiLCJLR0k3Y2laTmJJSjFKMEV0Il0',
  },
  join: {
    request: { inviteCode: 'zdyTC55qYIE' },
    response: {
      id: 'z4iNJbGs1nvedoDJ',
      game: 'ticket-to-ride-europe',
      status: 'active',
      players: 2,
      options: { firstPlayer: 'random' },
      seats: [
        { seat: 0, name: 'Anna', bot: false, playerId: '67yeJhdN_7Vz1Q6p' },
        { seat: 1, name: 'Ben', bot: false, playerId: 'cicKW0C-Hpp-W1o4' },
      ],
      toAct: [0, 1],
      version: 0,
      seedCommitment: '0da5914c5c9a3b0b64986529b4a59ccab0195325a7299f9fbeaaac9fecdba6c2',
      createdAt: '2026-11-24T02:21:51.305Z',
      visibility: 'private',
      standInLevel: 'medium',
      yourSeat: 1,
      timeControl: { perMove: 'P3D', onTimeout: 'bot', reminderAt: 0.8 },
      clocks: [
        { seat: 0, deadline: '2026-11-27T02:21:51.352Z' },
        { seat: 1, deadline: '2026-11-27T02:21:51.352Z' },
      ],
      deadline: '2026-11-27T02:21:51.352Z',
    },
  },
  getGame: {
    id: 'z4iNJbGs1nvedoDJ',
    game: 'ticket-to-ride-europe',
    status: 'active',
    players: 2,
    options: { firstPlayer: 'random' },
    seats: [
      { seat: 0, name: 'Anna', bot: false, playerId: '67yeJhdN_7Vz1Q6p' },
      { seat: 1, name: 'Ben', bot: false, playerId: 'cicKW0C-Hpp-W1o4' },
    ],
    toAct: [0, 1],
    version: 0,
    seedCommitment: '0da5914c5c9a3b0b64986529b4a59ccab0195325a7299f9fbeaaac9fecdba6c2',
    createdAt: '2026-11-24T02:21:51.305Z',
    visibility: 'private',
    standInLevel: 'medium',
    yourSeat: 0,
    timeControl: { perMove: 'P3D', onTimeout: 'bot', reminderAt: 0.8 },
    clocks: [
      { seat: 0, deadline: '2026-11-27T02:21:51.352Z' },
      { seat: 1, deadline: '2026-11-27T02:21:51.352Z' },
    ],
    deadline: '2026-11-27T02:21:51.352Z',
  },
} as const;
