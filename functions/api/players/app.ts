/** Players and accounts: registering, your profile, signing in, sessions, tokens, your data and deletion. */
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { Services } from '../../service/index.js';
import type { Players } from '../../service/players.js';
import { checkEveryScope } from '../../service/email-addresses.js';
import type { CredentialRecord, PlayerRecord } from '../../domain/player.js';
import { profileAnswer, webhookAnswer } from '../answer-shapes.js';
import { caller, type AppEnv } from '../env.js';
import { valueOf } from '../problem-response.js';
import { accountRoutes } from './account-routes.js';
import { playerRoutes } from './routes.js';

export type AccountDeps = Pick<Services, 'signIn' | 'credentials' | 'emails' | 'yourData'>;

const sessionAnswer = (c: CredentialRecord) => ({
  id: c.id,
  label: c.name,
  createdAt: c.createdAt,
  lastUsedAt: c.lastUsedAt,
  expiresAt: c.expiresAt!,
});
const tokenAnswer = (c: CredentialRecord) => ({
  id: c.id,
  name: c.name,
  scopes: c.scopes,
  createdAt: c.createdAt,
  lastUsedAt: c.lastUsedAt,
});

/** The web client's pages that the emailed codes open (its hash routes; web/client/router.ts). */
const origin = (c: Context) => new URL(c.req.url).origin;
export const signInLink = (base: string, email: string, code: string) =>
  `${base}/#/sign-in/${encodeURIComponent(email)}/${code}`;
export const confirmLink = (base: string, code: string) => `${base}/#/confirm-email/${code}`;

/** Registering a player, and reading and changing your profile. */
export function playersApp(s: { players: Players } & Pick<AccountDeps, 'emails'>, now: () => Date) {
  const profile = (p: PlayerRecord) => profileAnswer(p, now());
  return new OpenAPIHono<AppEnv>()
    .openapi(playerRoutes.createPlayer, async (c) => {
      const { name, email, language } = c.req.valid('json');
      const { player, token } = valueOf(await s.players.create({ name, language }));
      if (email) valueOf(await s.emails.change(player, email, (code) => confirmLink(origin(c), code)));
      return c.json({ id: player.id, name: player.name, token }, 201, { Location: '/v1/players/me' });
    })
    .openapi(playerRoutes.me, async (c) => c.json(profile(caller(c)), 200))
    .openapi(playerRoutes.patchMe, async (c) => {
      const me = caller(c);
      const { email, ...changes } = c.req.valid('json');
      if (email) valueOf(checkEveryScope(c.get('access')));
      const address = email === undefined ? (me.email ?? me.pendingEmail) : (email ?? undefined);
      const updated = valueOf(await s.players.update(me, changes, address));
      if (email === undefined) return c.json(profile(updated), 200);
      return c.json(
        profile(valueOf(await s.emails.change(updated, email, (code) => confirmLink(origin(c), code)))),
        200,
      );
    });
}

/** Sign-in, sessions, tokens, your data and deleting your account; authentication and scopes run before (request-stack.ts, answers.ts). */
export function accountsApp(s: AccountDeps, now: () => Date) {
  const access = (c: Context<AppEnv>) => c.get('access');
  return new OpenAPIHono<AppEnv>()
    .openapi(accountRoutes.signIn, async (c) => {
      const { email } = c.req.valid('json');
      return c.json(await s.signIn.request(email, (code) => signInLink(origin(c), email, code)), 202);
    })
    .openapi(accountRoutes.verifySignIn, async (c) => {
      const { email, code, label } = c.req.valid('json');
      const { credential, token } = valueOf(
        await s.signIn.verify(email, code, label ?? c.req.header('user-agent') ?? ''),
      );
      return c.json({ ...sessionAnswer(credential), current: true, token }, 201, {
        Location: `/v1/players/me/sessions/${credential.id}`,
      });
    })
    .openapi(accountRoutes.listSessions, async (c) => {
      const me = access(c);
      const current = me.credential.kind === 'session' ? me.credential.id : null;
      return c.json(
        (await s.credentials.list(me.player, 'session')).map((x) => ({
          ...sessionAnswer(x),
          current: x.id === current,
        })),
        200,
      );
    })
    .openapi(accountRoutes.deleteSession, async (c) => {
      valueOf(await s.credentials.revoke(access(c).player, 'session', c.req.valid('param').sessionId));
      return c.body(null, 204);
    })
    .openapi(accountRoutes.listTokens, async (c) =>
      c.json((await s.credentials.list(access(c).player, 'token')).map(tokenAnswer), 200),
    )
    .openapi(accountRoutes.createToken, async (c) => {
      const { name, scopes } = c.req.valid('json');
      const { credential, token } = valueOf(await s.credentials.createToken(access(c), name, scopes));
      return c.json({ ...tokenAnswer(credential), token }, 201, { Location: `/v1/players/me/tokens/${credential.id}` });
    })
    .openapi(accountRoutes.deleteToken, async (c) => {
      valueOf(await s.credentials.revoke(access(c).player, 'token', c.req.valid('param').tokenId));
      return c.body(null, 204);
    })
    .openapi(accountRoutes.signOutEverywhere, async (c) => {
      valueOf(await s.credentials.signOutEverywhere(access(c).player, c.req.valid('json').tokens === true));
      return c.body(null, 204);
    })
    .openapi(accountRoutes.confirmEmail, async (c) =>
      c.json(profileAnswer(valueOf(await s.emails.confirm(access(c), c.req.valid('json').code)), now()), 200),
    )
    .openapi(accountRoutes.exportMe, async (c) => {
      const data = await s.yourData.export(access(c).player);
      return c.json(
        {
          exportedAt: now().toISOString(),
          profile: profileAnswer(data.player, now()),
          sessions: data.credentials.filter((x) => x.kind === 'session').map(sessionAnswer),
          tokens: data.credentials.filter((x) => x.kind === 'token').map(tokenAnswer),
          webhooks: data.webhooks.map(webhookAnswer),
          pushSubscriptions: data.pushSubscriptions.map((p) => ({
            id: p.id,
            endpoint: p.subscription.endpoint,
            createdAt: p.createdAt,
          })),
          games: data.games.map((g) => ({
            id: g.gameId,
            game: g.game,
            seat: g.seat,
            joinedAt: g.joinedAt,
            status: g.status,
            seats: g.seats.map((x, seat) => ({ seat, name: x.name, bot: x.bot })),
          })),
          chat: data.chat.map((m) => ({
            gameId: m.gameId,
            id: m.id,
            seat: m.seat,
            text: m.text,
            at: m.at,
            version: m.version,
          })),
        },
        200,
      );
    })
    .openapi(accountRoutes.deleteMe, async (c) => {
      valueOf(await s.yourData.delete(access(c).player));
      return c.body(null, 204);
    });
}
