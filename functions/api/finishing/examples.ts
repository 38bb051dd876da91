/** Example answers of the finishing and take-back operations (routes.ts), built on the game summary's example. */
import { GAME_EXAMPLES } from '../games/examples.js';

const { timeControl: _t, clocks: _c, deadline: _d, ...running } = GAME_EXAMPLES.getGame;
const base = { ...running, status: 'active' as const, toAct: [1], version: 7 };
const finished = {
  ...running,
  status: 'finished' as const,
  toAct: [],
  version: 212,
  finishedAt: '2026-12-02T18:40:12.000Z',
  outcome: {
    scores: [96, 81],
    ranking: [1, 2],
    breakdown: [[{ item: 'routes', points: 96 }], [{ item: 'routes', points: 81 }]],
  },
};

export const FINISH_EXAMPLES = {
  resigned: {
    ...finished,
    version: 41,
    seats: [GAME_EXAMPLES.getGame.seats[0], { ...GAME_EXAMPLES.getGame.seats[1], forfeited: true }],
    outcome: {
      scores: [44, 38],
      ranking: [1, 2],
      breakdown: [[], [{ item: 'forfeited: ranked after every seat still playing', points: 0 }]],
    },
  },
  aborted: { ...running, status: 'aborted' as const, toAct: [], version: 3 },
  takebackRequested: {
    ...base,
    version: 8,
    abortable: false,
    canTakeBack: false,
    takeback: { seat: 0, undoes: 7, requestedAt: 8, accepted: [], waitingFor: [1] },
  },
  takenBack: { ...base, toAct: [0], version: 10, abortable: false, canTakeBack: false },
  takebackRefused: { ...base, version: 9, abortable: false, canTakeBack: false },
  rematchOffered: {
    ...finished,
    rematch: { status: 'pending' as const, proposedBy: 0, accepted: [0], waitingFor: [1] },
  },
  rematchStarted: {
    ...finished,
    rematch: {
      status: 'started' as const,
      proposedBy: 0,
      accepted: [0, 1],
      waitingFor: [],
      gameId: 'Qm3T0c9vX1bYp7Ld',
    },
  },
  rematchDeclined: {
    ...finished,
    rematch: { status: 'declined' as const, proposedBy: 0, accepted: [0], waitingFor: [], declinedBy: 1 },
  },
};
