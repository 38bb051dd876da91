/**
 * The OpenAPI document's examples of each catalog game, taken from the game itself when the document
 * is written (npm run spec), never by a serving process. Requests: a create request with the
 * options as the game parses them from none, and actions met in a seeded playout of its bots, so
 * they are the same each time and legal where they were met (test/api/typed-requests.test.ts posts
 * them). Answers: the view (also the answer to a move) and the log of a seeded game of the game's
 * minimum seats, every seat a person choosing as the game's easy bot would, played through the
 * engine and shown as the service shows it (visibility.ts), so each example is a real answer.
 */
import { Rng, playout, seedRng, type AnyGame } from '../../engine/core/index.js';
import type { EventRecord } from '../domain/game.js';
import { logEntryFor } from '../service/visibility.js';
import { pascal, published } from './per-game.js';

export const EXAMPLE_SEED = 'openapi-examples';
/** Moves of the playout: past each game's opening, into its ordinary turns. */
export const EXAMPLE_MOVES = 60;

export interface NamedExample {
  summary: string;
  value: unknown;
}

/** Per game: its fewest seats, the bot in all but yours, and its default options spelled out. */
export function createExamples(games: readonly AnyGame[]): Record<string, NamedExample> {
  return Object.fromEntries(
    published(games).map(({ def }) => [
      def.id,
      {
        summary: `${def.title} against the bot, with its default options`,
        value: { game: def.id, players: def.minPlayers, bots: def.minPlayers - 1, options: def.options.parse({}) },
      },
    ]),
  );
}

/** Per game: the first legal action of each type met in the playout, posted at the version it was legal at. */
export function actionExamples(games: readonly AnyGame[]): Record<string, NamedExample> {
  return Object.fromEntries(
    published(games).flatMap(({ def }) => {
      const first = new Map<string, { action: { type: string }; version: number }>();
      let version = 0;
      playout(def, EXAMPLE_SEED, def.minPlayers, {}, [], EXAMPLE_MOVES, {
        onStep: (_state, _seat, legal) => {
          for (const action of legal) if (!first.has(action.type)) first.set(action.type, { action, version });
          version++;
        },
      });
      return [...first.values()].map(({ action, version: at }) => [
        `${def.id}.${action.type}`,
        { summary: `${def.title}: ${action.type}`, value: { action, expectedVersion: at } },
      ]);
    }),
  );
}

/**
 * Actions played before the example's moment: past each game's opening, into its first turns (a
 * short game stops before the action that would end it, so its example is still running).
 */
const MOVES = 12;
/** Log entries shown: the newest of those actions. */
const LOG_ENTRIES = 3;
/** Legal actions shown, so that a game offering hundreds of payments stays short (any prefix is a valid answer). */
const LEGAL_ACTIONS = 8;
const START = Date.parse('2026-11-24T02:21:00.000Z');

export interface GameAnswerExamples {
  view: NamedExample;
  log: NamedExample;
}

/** The answers of one game after at most MOVES actions, as the seat due then sees them. */
export function gameAnswerExamples(def: AnyGame): GameAnswerExamples {
  const options: unknown = def.options.parse({});
  let state: unknown = def.setup({ seed: `example/${def.id}`, players: def.minPlayers, options });
  const rng = new Rng(seedRng(`example/${def.id}/choices`));
  const records: EventRecord[] = [];
  for (let version = 1; version <= MOVES; version++) {
    const seat = def.toAct(state)[0]!;
    const legal = def.legalActions(state, seat);
    const action = def.bot({ seat, view: def.view(state, seat), legal, rng, options });
    const applied = def.apply(state, seat, action);
    if (def.toAct(applied.state).length === 0) break;
    state = applied.state;
    const at = new Date(START + version * 60_000).toISOString();
    records.push({ version, seat, playerId: `p${seat}`, action, events: applied.events, toAct: def.toAct(state), at });
  }
  const toAct = def.toAct(state);
  const viewer = toAct[0]!;
  const answer = { game: def.id, version: records.length, status: 'active' };
  return {
    view: {
      summary: `${def.title}: seat ${viewer}'s view, to act`,
      value: {
        ...answer,
        toAct,
        view: def.view(state, viewer),
        legalActions: def.legalActions(state, viewer).slice(0, LEGAL_ACTIONS),
      },
    },
    log: {
      summary: `${def.title}: the last ${LOG_ENTRIES} entries, as seat ${viewer} sees them`,
      value: { ...answer, entries: records.slice(-LOG_ENTRIES).map((r) => logEntryFor(r, viewer)) },
    },
  };
}

type Refs = Record<string, { $ref: string }>;

/** The routes' named examples, one per game: references to the document's `components.examples`. */
export interface GameExampleRefs {
  gameViews: Refs;
  gameLogs: Refs;
}

/**
 * Every game's examples as the document's components, and the references the routes name them by:
 * the view is shown once and referred to by both the view and the move's answer.
 */
export function gameExampleComponents(games: readonly AnyGame[]): {
  components: Record<string, NamedExample>;
  refs: GameExampleRefs;
} {
  const components: Record<string, NamedExample> = {};
  const refs: GameExampleRefs = { gameViews: {}, gameLogs: {} };
  for (const { def } of published(games)) {
    const { view, log } = gameAnswerExamples(def);
    for (const [kind, example, into] of [
      ['View', view, refs.gameViews],
      ['Log', log, refs.gameLogs],
    ] as const) {
      const name = `${pascal(def.id)}${kind}`;
      components[name] = example;
      into[def.id] = { $ref: `#/components/examples/${name}` };
    }
  }
  return { components, refs };
}
