import type { RouteApp } from './serving-app.js';
import type { Context } from 'hono';
import type { Services } from '../service/index.js';
import type { CredentialRecord } from '../domain/player.js';
import { accountRoutes as routes } from './account-routes.js';
import { profileAnswer, webhookAnswer } from './answer-shapes.js';
import type { AppEnv as Env } from './env.js';

const sessionAnswer = (c: CredentialRecord) => ({ id: c.id, label: c.name, createdAt: c.createdAt, lastUsedAt: c.lastUsedAt, expiresAt: c.expiresAt! });
const tokenAnswer = (c: CredentialRecord) => ({ id: c.id, name: c.name, scopes: c.scopes, createdAt: c.createdAt, lastUsedAt: c.lastUsedAt });

/** The web client's pages that the emailed codes open (its hash routes; web/client/router.ts). */
const origin = (c: Context) => new URL(c.req.url).origin;
export const signInLink = (base: string, email: string, code: string) => `${base}/#/sign-in/${encodeURIComponent(email)}/${code}`;
export const confirmLink = (base: string, code: string) => `${base}/#/confirm-email/${code}`;

/** Sign-in, sessions, tokens and your data, on the app's routes; authentication and scopes run before (app.ts, answers.ts). */
export function registerAccountRoutes(app: RouteApp<Env>, s: Pick<Services, 'signIn' | 'credentials' | 'emails' | 'yourData'>, now: () => Date) {
  const access = (c: Context<Env>) => c.get('access');
  return app
    .openapi(routes.signIn, async (c) => {
      const { email } = c.req.valid('json');
      return c.json(await s.signIn.request(email, (code) => signInLink(origin(c), email, code)), 202);
    })
    .openapi(routes.verifySignIn, async (c) => {
      const { email, code, label } = c.req.valid('json');
      const { credential, token } = await s.signIn.verify(email, code, label ?? c.req.header('user-agent') ?? '');
      return c.json({ ...sessionAnswer(credential), current: true, token }, 201, { Location: `/v1/players/me/sessions/${credential.id}` });
    })
    .openapi(routes.listSessions, async (c) => {
      const me = access(c);
      const current = me.credential.kind === 'session' ? me.credential.id : null;
      return c.json((await s.credentials.list(me.player, 'session')).map((x) => ({ ...sessionAnswer(x), current: x.id === current })), 200);
    })
    .openapi(routes.deleteSession, async (c) => {
      await s.credentials.revoke(access(c).player, 'session', c.req.valid('param').sessionId);
      return c.body(null, 204);
    })
    .openapi(routes.listTokens, async (c) => c.json((await s.credentials.list(access(c).player, 'token')).map(tokenAnswer), 200))
    .openapi(routes.createToken, async (c) => {
      const { name, scopes } = c.req.valid('json');
      const { credential, token } = await s.credentials.createToken(access(c), name, scopes);
      return c.json({ ...tokenAnswer(credential), token }, 201, { Location: `/v1/players/me/tokens/${credential.id}` });
    })
    .openapi(routes.deleteToken, async (c) => {
      await s.credentials.revoke(access(c).player, 'token', c.req.valid('param').tokenId);
      return c.body(null, 204);
    })
    .openapi(routes.signOutEverywhere, async (c) => {
      await s.credentials.signOutEverywhere(access(c).player, c.req.valid('json').tokens === true);
      return c.body(null, 204);
    })
    .openapi(routes.confirmEmail, async (c) => c.json(profileAnswer(await s.emails.confirm(access(c), c.req.valid('json').code), now()), 200))
    .openapi(routes.exportMe, async (c) => {
      const data = await s.yourData.export(access(c).player);
      return c.json(
        {
          exportedAt: now().toISOString(),
          profile: profileAnswer(data.player, now()),
          sessions: data.credentials.filter((x) => x.kind === 'session').map(sessionAnswer),
          tokens: data.credentials.filter((x) => x.kind === 'token').map(tokenAnswer),
          webhooks: data.webhooks.map(webhookAnswer),
          pushSubscriptions: data.pushSubscriptions.map((p) => ({ id: p.id, endpoint: p.subscription.endpoint, createdAt: p.createdAt })),
          games: data.games.map((g) => ({ id: g.gameId, game: g.game, seat: g.seat, joinedAt: g.joinedAt, status: g.status, seats: g.seats.map((x, seat) => ({ seat, name: x.name, bot: x.bot })) })),
          chat: data.chat.map((m) => ({ gameId: m.gameId, id: m.id, seat: m.seat, text: m.text, at: m.at, version: m.version })),
        },
        200,
      );
    })
    .openapi(routes.deleteMe, async (c) => {
      await s.yourData.delete(access(c).player);
      return c.body(null, 204);
    });
}
