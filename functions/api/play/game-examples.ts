/**
 * Each catalog game's examples of the view (also the answer to a move) and log answers, made when
 * the document is written (npm run spec), never by a serving process: a seeded game of the
 * game's minimum seats, every seat a person choosing as the game's easy bot would, played through
 * the engine and shown as the service shows it (visibility.ts), so each example is a real answer.
 */
import { Rng, seedRng, type AnyGame } from '../../../engine/core/index.js';
import type { EventRecord } from '../../domain/game.js';
import { logEntryFor } from '../../service/visibility.js';
import { pascal } from '../per-game.js';

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

export interface NamedExample {
  summary: string;
  value: unknown;
}

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
  for (const def of games.filter((g) => g.listed && g.schemas)) {
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
