/** Playing: your view (held until the game moves, if asked), posting actions, the log, the export and board pictures. */
import type { DocumentedGames } from '../documented-games.js';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Language } from '../../../engine/core/languages.js';
import { verifyBoardLink } from '../../notify/board-link.js';
import type { Games } from '../../service/games.js';
import { Refusal, problems } from '../../service/refusal.js';
import type { VersionWaits } from '../../service/version-waits.js';
import { caller, type AppEnv } from '../env.js';
import { revalidated, routeChecks, unchangedGame } from '../game-revalidation.js';
import { requireNotify, type NotifyDeps } from '../notify-deps.js';
import { valueOf } from '../problem-response.js';
import { heldViews } from './held-views.js';
import { playRoutes, typedPlayRoutes } from './routes.js';

export interface PlayDeps {
  games: Games;
  /** Where views asked with waitForVersion are held until the game moves. */
  waits: VersionWaits;
  notifyDeps: () => Promise<NotifyDeps | undefined>;
  /** The games whose view and log shapes the routes spell out, for the document only (app.ts). */
  documentedGames?: DocumentedGames;
}

export function playApp({ games, waits, notifyDeps, documentedGames }: PlayDeps) {
  const routes = documentedGames ? { ...playRoutes, ...typedPlayRoutes(documentedGames) } : playRoutes;
  const app = new OpenAPIHono<AppEnv>();
  // A view asked with waitForVersion is held first; the conditional answer then applies to what it found.
  for (const handler of [...routeChecks(routes.view), heldViews(waits), unchangedGame(games)])
    app.get('/v1/games/:id/view', handler);
  for (const handler of [...routeChecks(routes.log), unchangedGame(games)]) app.get('/v1/games/:id/log', handler);
  return app
    .openapi(routes.view, async (c) => {
      const { value, etag } = valueOf(
        await games.view(caller(c), c.req.valid('param').id, c.req.valid('query').version),
      );
      return c.json(value, 200, revalidated(etag));
    })
    .openapi(routes.act, async (c) => {
      const { action, expectedVersion } = c.req.valid('json');
      const result = valueOf(
        await games.act(c.get('bearer'), c.req.valid('param').id, {
          action,
          expectedVersion,
          idempotencyKey: c.req.valid('header')['idempotency-key'],
        }),
      );
      if (result.replayed) c.header('Idempotent-Replayed', 'true');
      return c.json(result.body, 200);
    })
    .openapi(routes.log, async (c) => {
      const { after, limit } = c.req.valid('query');
      const { value, etag } = valueOf(await games.log(caller(c), c.req.valid('param').id, after, limit));
      return c.json(value, 200, revalidated(etag));
    })
    .openapi(routes.export, async (c) => c.json(valueOf(await games.export(caller(c), c.req.valid('param').id)), 200))
    .openapi(routes.board, async (c) => {
      const { version, lang } = c.req.valid('query');
      const svg = await drawPicture(valueOf(await games.pictureOf(caller(c), c.req.valid('param').id, version)), lang);
      // The picture is the caller's own view: not for shared caches.
      return c.body(svg, 200, svgHeaders('private, no-store'));
    })
    .openapi(routes.boardPicture, async (c) => {
      const notify = await requireNotify(
        notifyDeps,
        () =>
          new Refusal(
            'board_links_not_configured',
            'Not found',
            'Board picture links are not configured on this server',
          ),
      );
      const link = verifyBoardLink(notify.unsubscribeSecret, c.req.valid('param').token);
      if (!link)
        throw problems.badRequest('invalid_token', 'The board picture link is not valid; open the game instead');
      const svg = await drawPicture(
        valueOf(await games.pictureOf(null, link.gameId, link.version)),
        c.req.valid('query').lang,
      );
      return c.body(svg, 200, svgHeaders('public, max-age=31536000, immutable'));
    });
}

/** The renderers load with the first picture asked for: a move never needs them. */
async function drawPicture(
  picture: { game: string; components: unknown; view: unknown; seatNames: (string | null)[] },
  language: Language = 'en',
): Promise<string> {
  const [{ renderBoard }, t] = await Promise.all([
    import('../../../presentation/index.js'),
    import('../../notify/wording.js').then(({ wordsFor }) => wordsFor(language)),
  ]);
  const svg = renderBoard(picture.game, picture.components, picture.view, { t, seatNames: picture.seatNames });
  if (svg === null) throw new Refusal('no_board_picture', 'Not found', `${picture.game} has no board picture`);
  return svg;
}

/**
 * An SVG opened on its own is a document that could run script or load things; ours need neither
 * (presentation attributes and same-document `url(#…)` patterns only), so the policy forbids all.
 */
const SVG_CSP = "default-src 'none'";

function svgHeaders(cacheControl: string): Record<string, string> {
  return {
    'content-type': 'image/svg+xml; charset=utf-8',
    'cache-control': cacheControl,
    'content-security-policy': SVG_CSP,
  };
}
