/**
 * A well-formed request for each operation of the OpenAPI document, made on the authentication
 * suites' players and games, so that only the credentials sent can fail it.
 */
import { dataOf, type Answer, type Api, type Problem } from '../support/client.js';
import { HighCardGame } from '../support/high-card-game.js';
import { boardPictureToken, oneClick, pushSubscription, unsubscribeToken } from '../support/notifications.js';
import { lastCode } from '../support/accounts.js';
import {
  api,
  finished,
  futureVacation,
  mate,
  open,
  owner,
  ownersItem,
  pictured,
  reader,
  running,
  server,
  type Operation,
} from './auth.testkit.js';

let addresses = 0;

/** Sends one operation's request as `client`, with `headers` added (an Authorization header replaces the client's). */
export type Send = (client: Api, headers?: Record<string, string>) => Promise<Answer<Problem>>;

/** The games a request is about: by default the suite's own. */
interface Targets {
  running: { id: string };
  open: { id: string; inviteCode: string };
  /** Of the action posted; by default the running game's version. */
  expectedVersion?: number;
}

/** A well-formed request for each operation (so that only authentication can fail it). */
export async function requestFor(op: Operation, targets: Targets = { running, open }): Promise<Send> {
  const version =
    targets.expectedVersion ??
    dataOf(await mate.GET('/v1/games/{id}', { params: { path: { id: running.id } } })).version;
  const game = { path: { id: targets.running.id } };
  const unsubscribe = { query: { token: unsubscribeToken(server, reader.playerId) } };
  const svg = 'text' as const;
  // Deleting needs something of owner's to delete (added only when there is none).
  if (op.key === 'DELETE /v1/players/me/webhooks/{webhookId}') {
    const webhookId = await ownersItem('webhooks');
    return (c, headers) =>
      c.DELETE('/v1/players/me/webhooks/{webhookId}', { params: { path: { webhookId } }, headers });
  }
  if (op.key === 'DELETE /v1/players/me/push-subscriptions/{subscriptionId}') {
    const subscriptionId = await ownersItem('push-subscriptions');
    return (c, headers) =>
      c.DELETE('/v1/players/me/push-subscriptions/{subscriptionId}', { params: { path: { subscriptionId } }, headers });
  }
  const finishing = finishingRequest(
    op.key,
    targets.running === running ? null : { running: targets.running, expectedVersion: version },
  );
  if (finishing) return finishing;
  if (op.key === 'DELETE /v1/players/me/sessions/{sessionId}') {
    const sessionId = await ownersItem('sessions');
    return (c, headers) =>
      c.DELETE('/v1/players/me/sessions/{sessionId}', { params: { path: { sessionId } }, headers });
  }
  if (op.key === 'DELETE /v1/players/me/tokens/{tokenId}') {
    const tokenId = await ownersItem('tokens');
    return (c, headers) => c.DELETE('/v1/players/me/tokens/{tokenId}', { params: { path: { tokenId } }, headers });
  }
  if (op.key === 'POST /v1/sign-in/verify') {
    const email = dataOf(await owner.GET('/v1/players/me')).email!;
    dataOf(await api.POST('/v1/sign-in', { body: { email } }));
    const code = lastCode(server, email);
    return (c, headers) => c.POST('/v1/sign-in/verify', { body: { email, code }, headers });
  }
  if (op.key === 'POST /v1/players/me/email-confirmation') {
    const address = `owner-${++addresses}@example.test`;
    dataOf(await owner.PATCH('/v1/players/me', { body: { email: address } }));
    const code = lastCode(server, address);
    return (c, headers) => c.POST('/v1/players/me/email-confirmation', { body: { code }, headers });
  }
  if (op.key === 'DELETE /v1/players/me/vacations/{vacationId}') {
    const vacationId = await ownersItem('vacations');
    return (c, headers) =>
      c.DELETE('/v1/players/me/vacations/{vacationId}', { params: { path: { vacationId } }, headers });
  }
  const requests: Record<string, Send> = {
    'GET /v1/catalog': (c, headers) => c.GET('/v1/catalog', { headers }),
    'GET /v1/catalog/{game}': (c, headers) =>
      c.GET('/v1/catalog/{game}', { params: { path: { game: 'ticket-to-ride-europe' } }, headers }),
    'POST /v1/players': (c, headers) => c.POST('/v1/players', { body: { name: 'Newcomer' }, headers }),
    'GET /v1/players/me': (c, headers) => c.GET('/v1/players/me', { headers }),
    'PATCH /v1/players/me': (c, headers) => c.PATCH('/v1/players/me', { body: { name: 'Renamed' }, headers }),
    'POST /v1/games': (c, headers) => c.POST('/v1/games', { body: { game: 'high-card', players: 2 }, headers }),
    'GET /v1/games': (c, headers) => c.GET('/v1/games', { params: { query: { status: 'active' } }, headers }),
    'POST /v1/games/{id}/join': (c, headers) =>
      c.POST('/v1/games/{id}/join', {
        params: { path: { id: targets.open.id } },
        body: { inviteCode: targets.open.inviteCode },
        headers,
      }),
    'GET /v1/games/{id}': (c, headers) => c.GET('/v1/games/{id}', { params: game, headers }),
    'GET /v1/games/{id}/view': (c, headers) => c.GET('/v1/games/{id}/view', { params: game, headers }),
    'POST /v1/games/{id}/actions': (c, headers) =>
      c.POST('/v1/games/{id}/actions', {
        params: game,
        body: { action: { type: 'pass' }, expectedVersion: version },
        headers,
      }),
    'GET /v1/games/{id}/log': (c, headers) =>
      c.GET('/v1/games/{id}/log', { params: { ...game, query: { after: 0 } }, headers }),
    'GET /v1/games/{id}/export': (c, headers) =>
      c.GET('/v1/games/{id}/export', { params: { path: { id: finished.id } }, headers }),
    'GET /v1/games/{id}/chat': (c, headers) => c.GET('/v1/games/{id}/chat', { params: game, headers }),
    'GET /v1/games/{id}/board.svg': (c, headers) =>
      c.GET('/v1/games/{id}/board.svg', { params: { path: { id: pictured } }, parseAs: svg, headers }),
    'GET /v1/board-pictures/{token}': (c, headers) =>
      c.GET('/v1/board-pictures/{token}', {
        params: { path: { token: boardPictureToken(server, pictured, 0) } },
        parseAs: svg,
        headers,
      }),
    'POST /v1/games/{id}/chat': (c, headers) =>
      c.POST('/v1/games/{id}/chat', { params: game, body: { text: 'Nice draw.' }, headers }),
    'GET /v1/players/me/webhooks': (c, headers) => c.GET('/v1/players/me/webhooks', { headers }),
    'POST /v1/players/me/webhooks': (c, headers) =>
      c.POST('/v1/players/me/webhooks', {
        body: { url: 'https://hooks.example.org/railpost', events: ['yourTurn'] },
        headers,
      }),
    'GET /v1/players/me/push-subscriptions': (c, headers) => c.GET('/v1/players/me/push-subscriptions', { headers }),
    'POST /v1/players/me/push-subscriptions': (c, headers) =>
      c.POST('/v1/players/me/push-subscriptions', { body: pushSubscription(), headers }),
    'GET /v1/players/me/vacations': (c, headers) => c.GET('/v1/players/me/vacations', { headers }),
    'POST /v1/sign-in': (c, headers) => c.POST('/v1/sign-in', { body: { email: 'nobody@example.test' }, headers }),
    'GET /v1/players/me/sessions': (c, headers) => c.GET('/v1/players/me/sessions', { headers }),
    'GET /v1/players/me/tokens': (c, headers) => c.GET('/v1/players/me/tokens', { headers }),
    'POST /v1/players/me/tokens': (c, headers) =>
      c.POST('/v1/players/me/tokens', { body: { name: 'auth suite', scopes: ['read'] }, headers }),
    'POST /v1/players/me/sign-out-everywhere': (c, headers) =>
      c.POST('/v1/players/me/sign-out-everywhere', { body: {}, headers }),
    'GET /v1/players/me/export': (c, headers) => c.GET('/v1/players/me/export', { headers }),
    'DELETE /v1/players/me': (c, headers) => c.DELETE('/v1/players/me', { headers }),
    // Only an account with no game in play may become a bot account: the suites send it as a newcomer.
    'POST /v1/players/me/bot-account': (c, headers) => c.POST('/v1/players/me/bot-account', { headers }),
    'GET /v1/bots': (c, headers) => c.GET('/v1/bots', { headers }),
    'POST /v1/players/me/vacations': (c, headers) =>
      c.POST('/v1/players/me/vacations', { body: futureVacation(), headers }),
    // Public reads about players and finished games (test/api/profiles.test.ts has their scope and revocation checks).
    'GET /v1/profiles/{playerId}': (c, headers) =>
      c.GET('/v1/profiles/{playerId}', { params: { path: { playerId: mate.playerId } }, headers }),
    'GET /v1/profiles/{playerId}/games': (c, headers) =>
      c.GET('/v1/profiles/{playerId}/games', { params: { path: { playerId: mate.playerId } }, headers }),
    'GET /v1/leaderboards/{game}': (c, headers) =>
      c.GET('/v1/leaderboards/{game}', { params: { path: { game: 'high-card' } }, headers }),
    'GET /v1/finished-games': (c, headers) =>
      c.GET('/v1/finished-games', { params: { query: { game: 'high-card' } }, headers }),
    'GET /v1/lobby': (c, headers) => c.GET('/v1/lobby', { params: { query: { game: 'high-card' } }, headers }),
    // Each seek is its caller's own: a seek for four seats, which nobody else in this suite makes, then withdrawn.
    'POST /v1/seeks': async (c, headers) => {
      const answer = await c.POST('/v1/seeks', { body: { game: 'high-card', players: 4, pace: 'untimed' }, headers });
      if (answer.response.status === 201) await c.DELETE('/v1/seeks/current', { headers });
      return answer;
    },
    'GET /v1/seeks/current': async (c, headers) => {
      await c.POST('/v1/seeks', { body: { game: 'high-card', players: 4, pace: 'P7D' }, headers });
      const answer = await c.GET('/v1/seeks/current', { headers });
      await c.DELETE('/v1/seeks/current', { headers });
      return answer;
    },
    'DELETE /v1/seeks/current': async (c, headers) => {
      await c.POST('/v1/seeks', { body: { game: 'high-card', players: 4, pace: 'P3D' }, headers });
      return c.DELETE('/v1/seeks/current', { headers });
    },
    'POST /v1/stream-tickets': (c, headers) => c.POST('/v1/stream-tickets', { headers }),
    'POST /v1/access-tokens': (c, headers) => c.POST('/v1/access-tokens', { headers }),
    'GET /v1/push/vapid-public-key': (c, headers) => c.GET('/v1/push/vapid-public-key', { headers }),
    'GET /v1/unsubscribe': (c, headers) => c.GET('/v1/unsubscribe', { params: unsubscribe, parseAs: 'text', headers }),
    'POST /v1/unsubscribe': (c, headers) =>
      c.POST('/v1/unsubscribe', {
        params: unsubscribe,
        body: oneClick.body,
        headers: { ...oneClick.headers, ...headers },
      }),
  };
  const send = requests[op.key];
  if (!send) throw new Error(`no request defined for ${op.key}: add it to this suite`);
  return send;
}

/**
 * A game of its own for each finishing or take-back operation, in the state where
 * mate (seat 1) may make it: resigning and aborting need a running game, answering a take-back
 * owner's request, asking one mate's own clean pass (HC-2), the rematch operations a finished game.
 * The game is set up when the request is first sent; with `given` targets, they are used as they are.
 */
function finishingRequest(
  key: string,
  given: { running: { id: string }; expectedVersion: number } | null,
): Send | null {
  if (!key.startsWith('POST /v1/games/{id}/') || !/\/(resign|abort|takeback|rematch)/.test(key)) return null;
  if (given) {
    const g = { params: { path: { id: given.running.id } } };
    return key.includes('takeback')
      ? versioned(g, key.slice('POST '.length) as VersionedPath, given.expectedVersion)
      : plain(g, key.slice('POST '.length) as PlainPath);
  }
  let ready: Promise<Send> | undefined;
  return async (c, headers) => (await (ready ??= finishingSetup(key)))(c, headers);
}

type VersionedPath = '/v1/games/{id}/takeback' | '/v1/games/{id}/takeback/accept' | '/v1/games/{id}/takeback/refuse';
type PlainPath =
  | '/v1/games/{id}/resign'
  | '/v1/games/{id}/abort'
  | '/v1/games/{id}/rematch'
  | '/v1/games/{id}/rematch/accept'
  | '/v1/games/{id}/rematch/decline';
type GameParams = { params: { path: { id: string } } };
const versioned =
  (g: GameParams, path: VersionedPath, expectedVersion: number): Send =>
  (c, headers) =>
    c.POST(path, { params: g.params, body: { expectedVersion }, headers });
const plain =
  (g: GameParams, path: PlainPath): Send =>
  (c, headers) =>
    c.POST(path, { params: g.params, headers });

async function finishingSetup(key: string): Promise<Send> {
  const pass = (legal: { type: string }[]) => legal.find((a) => a.type === 'pass');
  const fresh = () => HighCardGame.create([owner, mate], { options: { rounds: 1, handSize: 2 } });
  switch (key) {
    case 'POST /v1/games/{id}/resign':
      return plain(await fresh(), '/v1/games/{id}/resign');
    case 'POST /v1/games/{id}/abort':
      return plain(await fresh(), '/v1/games/{id}/abort');
    case 'POST /v1/games/{id}/takeback': {
      const g = await fresh();
      await g.act(0, pass);
      return versioned(g, '/v1/games/{id}/takeback', (await g.act(1, pass)).version);
    }
    case 'POST /v1/games/{id}/takeback/accept':
    case 'POST /v1/games/{id}/takeback/refuse': {
      const g = await fresh();
      const { version } = await g.act(0, pass);
      const asked = dataOf(
        await owner.POST('/v1/games/{id}/takeback', { params: g.params, body: { expectedVersion: version } }),
      );
      return versioned(
        g,
        key.endsWith('accept') ? '/v1/games/{id}/takeback/accept' : '/v1/games/{id}/takeback/refuse',
        asked.version,
      );
    }
    case 'POST /v1/games/{id}/rematch':
    case 'POST /v1/games/{id}/rematch/accept':
    case 'POST /v1/games/{id}/rematch/decline': {
      const g = await fresh();
      dataOf(await owner.POST('/v1/games/{id}/resign', { params: g.params }));
      if (key === 'POST /v1/games/{id}/rematch') return plain(g, '/v1/games/{id}/rematch');
      dataOf(await owner.POST('/v1/games/{id}/rematch', { params: g.params }));
      return plain(g, key.endsWith('accept') ? '/v1/games/{id}/rematch/accept' : '/v1/games/{id}/rematch/decline');
    }
    default:
      throw new Error(`no request defined for ${key}: add it to this suite`);
  }
}
