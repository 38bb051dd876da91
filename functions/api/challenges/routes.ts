/** Challenges: making one, listing and reading them, and answering one; schemas in schemas.ts, handlers in app.ts. */
import { CHALLENGE_DAYS } from '../../service/challenges.js';
import { DEFAULT_LIMITS } from '../../service/limits.js';
import { defineRoute, rateLimitText } from '../answers.js';
import { body, json, media, secured } from '../route-content.js';
import { GameIdParamSchema } from '../schemas.js';
import {
  ChallengeCreateSchema,
  ChallengeListQuerySchema,
  ChallengePageSchema,
  ChallengeSchema,
  DeclineSchema,
} from './schemas.js';

const caps = DEFAULT_LIMITS.caps;

const challenge = {
  id: 'Rz8kP2mQa7LxV4nT',
  status: 'pending',
  challenger: { id: 'p7Hq2LmXa9KdR3vZ', name: 'Anna' },
  opponent: { id: 'Bn4kT8wQz1MfY6cJ', name: 'Bruno' },
  game: 'ticket-to-ride-europe',
  options: { stations: true },
  timeControl: { perMove: 'P1D', onTimeout: 'bot', reminderAt: 0.8 },
  seat: 'random',
  createdAt: '2026-11-24T02:30:00.000Z',
  expiresAt: '2026-12-01T02:30:00.000Z',
};
const settled = { settledAt: '2026-11-24T09:12:40.118Z' };

/** The problems of answering one challenge, besides the operation's own. */
const answering = {
  not_found: 'No such challenge of yours',
  not_your_challenge: 'It is the other party who may do this',
  challenge_not_pending: 'It was accepted, declined, canceled, or it expired (see `challengeStatus`)',
};

const idParam = { params: GameIdParamSchema };

export const challengeRoutes = {
  createChallenge: defineRoute(
    {
      operationId: 'createChallenge',
      method: 'post',
      path: '/v1/challenges',
      tags: ['challenges'],
      summary: 'Challenge a player to a game',
      description:
        'Asks the player `opponent` (a person or a bot account) to play a catalog game of 2 seats with these `options` and `timeControl`; ' +
        'they hear of it on their event stream (a `challenge` event) and, if their notification settings have `challenge` on, by email, push and webhooks. ' +
        `It waits ${CHALLENGE_DAYS} days for an answer, then expires. Accepted, the game starts with both of you seated; \`seat\` says where you sit (default: drawn).\n\n` +
        `**Caps**: ${caps.challengesOutgoing} of your challenges may wait for an answer at once (409 too_many_challenges), and a player has at most ${caps.challengesIncoming} waiting for theirs (409 opponent_challenges_full).\n\n` +
        rateLimitText('challenge'),
      security: secured,
      request: {
        body: body(ChallengeCreateSchema, {
          opponent: challenge.opponent.id,
          game: challenge.game,
          options: challenge.options,
          timeControl: challenge.timeControl,
        }),
      },
      responses: { 201: json(ChallengeSchema, 'The challenge, pending', challenge) },
    },
    {
      scope: 'play',
      limited: 'challenge',
      location: 'The challenge, /v1/challenges/{id}',
      problems: {
        challenge_yourself: '`opponent` is you',
        unknown_opponent: 'No player has that id',
        unknown_game: 'No such game in the catalog',
        invalid_players: 'The game is not played by two',
        invalid_options: "The options do not fit the game's schema",
        too_many_challenges: `${caps.challengesOutgoing} of your challenges wait for an answer (see \`limit\`)`,
        opponent_challenges_full: `${caps.challengesIncoming} challenges wait for the opponent's answer (see \`limit\`)`,
      },
    },
  ),
  listChallenges: defineRoute(
    {
      operationId: 'listChallenges',
      method: 'get',
      path: '/v1/challenges',
      tags: ['challenges'],
      summary: 'Your pending challenges, made and received, newest first',
      description:
        'The challenges that wait for an answer: those you made (you are `challenger`) and those made to you (you are `opponent`). ' +
        `At most \`limit\` a page, and \`next\`, the cursor of the next page. Settled and expired ones are not listed; read one by its id.`,
      security: secured,
      request: { query: ChallengeListQuerySchema },
      responses: {
        200: json(ChallengePageSchema, 'A page of your pending challenges', { items: [challenge], next: null }),
      },
    },
    { problems: { invalid_query: '`limit` or `cursor` is not valid' } },
  ),
  getChallenge: defineRoute(
    {
      operationId: 'getChallenge',
      method: 'get',
      path: '/v1/challenges/{id}',
      tags: ['challenges'],
      summary: 'A challenge of yours, pending or settled',
      description: 'Only its two parties may read it; to anyone else it does not exist.',
      security: secured,
      request: idParam,
      responses: {
        200: json(ChallengeSchema, 'The challenge', {
          ...challenge,
          status: 'declined',
          reason: 'tooFast',
          ...settled,
        }),
      },
    },
    { problems: { not_found: 'No such challenge of yours' } },
  ),
  acceptChallenge: defineRoute(
    {
      operationId: 'acceptChallenge',
      method: 'post',
      path: '/v1/challenges/{id}/accept',
      tags: ['challenges'],
      summary: 'Accept a challenge made to you: the game starts',
      description:
        'Starts the game, private, with both parties seated, and answers the challenge, `accepted`, with its `gameId`. Of two answers at once, one wins; the other is 409 challenge_not_pending. ' +
        'A challenge accepted already whose game a failure left unstarted is started by accepting it again (answered 200).\n\n' +
        rateLimitText('challenge'),
      security: secured,
      request: idParam,
      responses: {
        200: json(ChallengeSchema, 'The challenge, accepted', {
          ...challenge,
          status: 'accepted',
          gameId: 'Vq2mL8xRt0aZ4kPe',
          ...settled,
        }),
      },
    },
    { scope: 'play', limited: 'challenge', problems: answering },
  ),
  declineChallenge: defineRoute(
    {
      operationId: 'declineChallenge',
      method: 'post',
      path: '/v1/challenges/{id}/decline',
      tags: ['challenges'],
      summary: 'Decline a challenge made to you, optionally saying why',
      description: rateLimitText('challenge'),
      security: secured,
      request: {
        ...idParam,
        body: { required: false, content: { 'application/json': media(DeclineSchema, { reason: 'later' }) } },
      },
      responses: {
        200: json(ChallengeSchema, 'The challenge, declined', {
          ...challenge,
          status: 'declined',
          reason: 'later',
          ...settled,
        }),
      },
    },
    { scope: 'play', limited: 'challenge', problems: answering },
  ),
  cancelChallenge: defineRoute(
    {
      operationId: 'cancelChallenge',
      method: 'post',
      path: '/v1/challenges/{id}/cancel',
      tags: ['challenges'],
      summary: 'Withdraw a challenge you made',
      description: rateLimitText('challenge'),
      security: secured,
      request: idParam,
      responses: {
        200: json(ChallengeSchema, 'The challenge, canceled', { ...challenge, status: 'canceled', ...settled }),
      },
    },
    { scope: 'play', limited: 'challenge', problems: answering },
  ),
};
