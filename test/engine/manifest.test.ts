/**
 * Every registered game has every piece, by name. The registries are written from the games'
 * manifests (`npm run games`; fixture games: engine/fixtures/index.ts); this file checks what types
 * cannot: ids match their keys, each manifest's words exist in every language,
 * published schemas exist, catalog games have a board and name every action and event they emit in
 * words of their own, not the plain fallback, in every language of the web client.
 */
import { describe, expect, it } from 'vitest';
import { Rng, seedRng, type AnyGame } from '../../engine/core/index.js';
import { fixtures } from '../../engine/fixtures/index.js';
import { catalog } from '../../engine/games/index.js';
import { manifests } from '../../engine/games/on-demand.js';
import { plainWords, type UiAction } from '../../presentation/game-ui.js';
import { webGames } from '../../presentation/games.js';
import { CATALOGS, translate } from '../../web/client/i18n.testkit.js';
import { LANGUAGES } from '../../web/client/languages.js';
import { EN } from '../../presentation/testkit.js';

const registered: [string, AnyGame][] = [
  ...Object.entries(catalog).map(([id, e]): [string, AnyGame] => [id, e.game]),
  ...Object.entries(fixtures),
];

/** Every action type offered and every event type emitted in a few seeded bot games, with samples. */
function sample(game: AnyGame): {
  actions: Map<string, UiAction>;
  events: Map<string, { type: string; data?: Record<string, unknown> }>;
  views: unknown[];
} {
  const actions = new Map<string, UiAction>();
  const events = new Map<string, { type: string; data?: Record<string, unknown> }>();
  const views: unknown[] = [];
  for (const players of new Set([game.minPlayers, game.maxPlayers])) {
    let state = game.setup({ seed: `manifest-${players}`, players, options: game.options.parse({}) });
    const rng = new Rng(seedRng(`manifest-bots-${players}`));
    for (let n = 0; n < 2000; n++) {
      const seat = game.toAct(state)[0];
      if (seat === undefined) break;
      const legal = game.legalActions(state, seat) as UiAction[];
      for (const a of legal) if (!actions.has(a.type)) actions.set(a.type, a);
      const view = game.view(state, seat);
      if (n % 50 === 0) views.push(view);
      const r = game.apply(state, seat, game.bot({ seat, view, legal, rng }));
      for (const e of r.events) if (!events.has(e.type)) events.set(e.type, e);
      state = r.state;
    }
  }
  return { actions, events, views };
}

describe('one manifest per game', () => {
  it.each(registered)('%s: registered under its own id, with published view and event schemas', (id, game) => {
    expect(game.id).toBe(id);
    expect(game.schemas.view).toBeDefined();
    expect(game.schemas.event).toBeDefined();
  });

  it.each(manifests.map((m) => [m.id, m] as const))(
    '%s: its manifest names it and its wording in every language of the web client',
    (id, manifest) => {
      for (const lang of LANGUAGES) {
        const words = CATALOGS[lang] as Record<string, unknown> & { gameNames: Record<string, string> };
        expect(words.gameNames[id], `${lang}: gameNames.${id}`).toBeTruthy();
        expect(typeof words[manifest.wording], `${lang}: ${manifest.wording}.…`).toBe('object');
      }
    },
  );

  it('the fixtures are unlisted and the catalog is listed, so no test game reaches the public catalog', () => {
    expect(Object.values(catalog).every((e) => e.game.listed)).toBe(true);
    expect(Object.values(fixtures).every((g) => !g.listed)).toBe(true);
  });

  it.each(Object.entries(catalog))(
    '%s: has a board picture and its own words for every action and event it produces',
    (id, { game }) => {
      const web = webGames[id as keyof typeof catalog];
      expect(web.board).not.toBeNull();
      const { actions, events, views } = sample(game);
      const seatName = (seat: number) => `Seat ${seat + 1}`;
      for (const lang of LANGUAGES) {
        const ui = web.ui(translate(lang));
        const plainActions = [...actions.values()].filter((a) => {
          const { type, ...rest } = a;
          return ui.describeAction(a, game.components, views[0]) === plainWords(type, rest);
        });
        const plainEvents = [...events.values()].filter(
          (e) => ui.describeEvent(e, game.components, seatName) === plainWords(e.type, e.data),
        );
        expect(plainActions.map((a) => `${lang}: ${a.type}`)).toEqual([]);
        expect(plainEvents.map((e) => `${lang}: ${e.type}`)).toEqual([]);
      }
      for (const view of views) expect(() => web.board!(game.components, view, { t: EN })).not.toThrow();
    },
  );
});
