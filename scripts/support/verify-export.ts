/**
 * Checks a finished game's export (GET /v1/games/{id}/export) the way anyone outside may
 * (docs/fairness.md): the seed matches the commitment published from the start, the engine set up
 * from that seed and replaying the actions finds each one legal and says again every recorded
 * event (each card drawn, tile turned and die rolled: this is how every shuffle is checked), and
 * ends with the recorded outcome.
 */
import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type * as z from 'zod';
import type { AnyGame, GameEvent, Outcome, Seat } from '../../engine/core/index.js';
import { ExportSchema } from '../../functions/api/play/schemas.js';
import { outcomeWithForfeits } from '../../functions/service/forfeit.js';

export type GameExport = z.infer<typeof ExportSchema>;

/** The first place where the export and the replay part: what the export says and what the replay found. */
export interface Discrepancy {
  /** The entry's version (its place in `actions`, from 1); null for what precedes the actions. */
  version: number | null;
  what: string;
  recorded: unknown;
  replayed: unknown;
}

export interface Replayed {
  game: AnyGame;
  exported: GameExport;
  /** Game actions applied (platform and forfeit entries not counted). */
  applied: number;
  forfeits: number;
  takeBacks: number;
  /** Events compared, one by one, with the recorded ones. */
  events: number;
  /** Applied actions after which the game's RNG state had moved on: draws, shuffles, rolls. */
  randomSteps: number;
  outcome: Outcome | null;
}

export type Verdict = { ok: true; replayed: Replayed } | { ok: false; discrepancy: Discrepancy };

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
/** An event as the export shows it once the game has ended: unredacted, its audience left out. */
const shown = (e: GameEvent) => (e.data ? { type: e.type, data: e.data } : { type: e.type });
/** Through JSON, as the export travelled. */
const plain = (x: unknown): unknown => (x === undefined ? undefined : JSON.parse(JSON.stringify(x)));
const rngOf = (state: unknown) => JSON.stringify((state as { rng?: unknown } | null)?.rng ?? null);

const refused = (version: number | null, what: string, recorded: unknown, replayed: unknown): Verdict => ({
  ok: false,
  discrepancy: { version, what, recorded, replayed },
});

/** Verifies an export, parsed JSON of any shape; `games` are the rules it may name, by id. */
export function verifyExport(raw: unknown, games: Readonly<Record<string, AnyGame>>): Verdict {
  const parsed = ExportSchema.safeParse(raw);
  if (!parsed.success) return refused(null, 'the export is not of the documented shape', parsed.error.issues, null);
  const ex = parsed.data;
  const commitment = sha256Hex(ex.seed);
  if (commitment !== ex.seedCommitment.toLowerCase())
    return refused(null, 'the seed commitment is not the SHA-256 of the seed', ex.seedCommitment, commitment);
  const game = games[ex.game];
  if (!game) return refused(null, 'the game is unknown to this engine', ex.game, Object.keys(games));
  const options = game.options.safeParse(ex.options);
  if (!options.success) return refused(null, "the options do not fit the game's", ex.options, options.error.issues);
  const players = ex.players.length;
  let state: unknown;
  try {
    state = game.setup({ seed: ex.seed, players, options: options.data });
  } catch (err) {
    return refused(null, 'the engine refuses to set the game up', { players, options: ex.options }, String(err));
  }
  const run: Replayed = {
    game,
    exported: ex,
    applied: 0,
    forfeits: 0,
    takeBacks: 0,
    events: 0,
    randomSteps: 0,
    outcome: null,
  };
  const states = new Map<number, unknown>([[0, state]]);
  const forfeited: Seat[] = [];
  for (const [i, entry] of ex.actions.entries()) {
    const version = i + 1;
    if (entry.forfeit) {
      forfeited.push(entry.seat);
      run.forfeits++;
    } else if (entry.platform) {
      if (entry.action.type === 'take_back') {
        const to = (entry.action as { to?: unknown }).to;
        if (typeof to !== 'number' || !states.has(to))
          return refused(version, 'a take-back returns to a version that is not behind it', to, [...states.keys()]);
        state = states.get(to);
        run.takeBacks++;
      }
    } else {
      const step = replayStep(game, state, version, entry);
      if (!step.ok) return step.verdict;
      if (rngOf(step.state) !== rngOf(state)) run.randomSteps++;
      state = step.state;
      run.applied++;
      run.events += entry.events.length;
    }
    states.set(version, state);
  }
  run.outcome = outcomeWithForfeits(game.outcome(state), players, forfeited);
  if (!isDeepStrictEqual(plain(run.outcome), plain(ex.outcome)))
    return refused(ex.actions.length, 'the replay ends with another outcome', ex.outcome, run.outcome);
  return { ok: true, replayed: run };
}

/** One game action: due, legal, and saying again what the export recorded. */
function replayStep(
  game: AnyGame,
  state: unknown,
  version: number,
  entry: GameExport['actions'][number],
): { ok: true; state: unknown } | { ok: false; verdict: Verdict } {
  const fail = (what: string, recorded: unknown, replayed: unknown) => ({
    ok: false as const,
    verdict: refused(version, what, recorded, replayed),
  });
  const due = game.toAct(state);
  if (!due.includes(entry.seat)) return fail(`seat ${entry.seat} acts when it is not due`, entry.seat, due);
  let applied: ReturnType<AnyGame['apply']>;
  try {
    applied = game.apply(state, entry.seat, entry.action);
  } catch (err) {
    return fail('the engine refuses the action as illegal', entry.action, err instanceof Error ? err.message : err);
  }
  const replayed = plain(applied.events.map(shown)) as unknown[];
  const length = Math.max(replayed.length, entry.events.length);
  for (let k = 0; k < length; k++) {
    if (!isDeepStrictEqual(replayed[k], plain(entry.events[k])))
      return fail(`event ${k + 1} of ${entry.action.type} differs`, entry.events[k] ?? null, replayed[k] ?? null);
  }
  return { ok: true, state: applied.state };
}

const count = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;
const ordinal = (n: number) => `${n}${n === 1 ? 'st' : n === 2 ? 'nd' : n === 3 ? 'rd' : 'th'}`;

/** The verdict in a few lines for a person. */
export function describeVerdict(v: Verdict): string {
  if (!v.ok) {
    const d = v.discrepancy;
    return [
      `NOT VERIFIED ${d.version === null ? 'before the first action' : `at version ${d.version}`}: ${d.what}`,
      `  export says:  ${JSON.stringify(d.recorded)}`,
      `  replay gives: ${JSON.stringify(d.replayed)}`,
    ].join('\n');
  }
  const r = v.replayed;
  const ex = r.exported;
  const seatOf = (seat: number) => {
    const s = ex.players[seat]!;
    const who = s.bot ? `bot, ${s.level}` : 'person';
    return `${seat} ${s.name ?? '(empty)'} (${who}${s.forfeited ? ', forfeited' : ''})`;
  };
  const engine = r.game.rulesRevision ?? 'none';
  const revision =
    ex.rulesRevision === engine
      ? `rules revision ${engine}`
      : `rules revision ${ex.rulesRevision ?? 'not recorded'} (this engine: ${engine})`;
  const places = r.outcome
    ? [...r.outcome.ranking.entries()]
        .sort(([a, pa], [b, pb]) => pa - pb || a - b)
        .map(([seat, place]) => `${ordinal(place)} seat ${seat}: ${r.outcome!.scores[seat]} points`)
        .join('; ')
    : 'none (the game ended without one)';
  return [
    `game: ${r.game.title} (${ex.game}), ${revision}`,
    `seed commitment: SHA-256 of the seed, matches`,
    `seats: ${ex.players.map((s) => seatOf(s.seat)).join('; ')}`,
    `entries: ${ex.actions.length} (${count(r.applied, 'action')} replayed, ${count(r.forfeits, 'forfeit')}, ${count(r.takeBacks, 'take-back')})`,
    `checked: every action legal and due; ${r.events} recorded events said again; ${r.randomSteps} actions drew on the RNG, after the setup's shuffles`,
    `outcome: ${places}`,
    'VERIFIED',
  ].join('\n');
}
