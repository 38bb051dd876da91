/**
 * The commits seeded games would write, built the way the move path builds them
 * (functions/service/game-log.ts, writeCommit) without a store: each catalog game played to its end
 * by its bot from a seed. Seats are people (each keyed move is one commit) or, in `vs-bots`, seat 0
 * is a person and the others are bots, whose moves go into the person's commit. What the commit
 * size bench, the dictionary builder and the size tests measure, so they measure the same commits.
 */
import { createHash } from 'node:crypto';
import { Rng, seedRng, type AnyGame, type Seat } from '../../engine/core/index.js';
import type { CommitRecord, EventRecord } from '../../functions/domain/game.js';

export type SeatMode = 'people' | 'vs-bots';

const MAX_ACTIONS = 5000;
const START = Date.parse('2026-01-05T18:00:00.000Z');

const digest = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('base64url');
const idOf = (label: string) => digest(label).slice(0, 16);

/** Every commit of one seeded game after its start commit, in order. */
export function seededCommits(game: AnyGame, players: number, seed: string, mode: SeatMode = 'people'): CommitRecord[] {
  let state = game.setup({ seed, players, options: game.options.parse({}) });
  const rng = new Rng(seedRng(`${seed}/bots`));
  const people = Array.from({ length: players }, (_, s) =>
    mode === 'people' || s === 0 ? idOf(`${seed}/${s}`) : null,
  );
  const moves = Array.from({ length: players }, () => 0);
  const recentKeys: CommitRecord['recentKeys'] = {};
  const commits: CommitRecord[] = [];
  let version = 0;
  let pending: { records: EventRecord[]; before: Seat[]; seat: Seat } | null = null;
  const at = () => new Date(START + version * 61_000 + (version % 7) * 1_013).toISOString();
  const close = () => {
    if (!pending) return;
    const key = pending.records[0]!.version;
    const request = {
      key: digest([people[pending.seat], `${seed}/${key}`]).slice(0, 12),
      hash: digest(key).slice(0, 12),
    };
    recentKeys[pending.seat] = { key: request.key.slice(0, 8), commit: key };
    const toAct = game.toAct(state);
    commits.push({
      key,
      version,
      records: pending.records,
      before: pending.before,
      toAct,
      status: toAct.length === 0 ? 'finished' : 'active',
      state,
      forfeited: [],
      table: { moves: [...moves], undoable: { [pending.seat]: key } },
      request,
      recentKeys: { ...recentKeys },
      at: at(),
    });
    pending = null;
  };
  for (let n = 0; n < MAX_ACTIONS; n++) {
    const due = game.toAct(state);
    const seat = due[0];
    if (seat === undefined) break;
    const person = people[seat] ?? null;
    if (person !== null) close();
    const legal = game.legalActions(state, seat);
    const action = game.bot({ seat, view: game.view(state, seat), legal, rng, options: game.options.parse({}) });
    const applied = game.apply(state, seat, action);
    state = applied.state;
    version++;
    moves[seat]!++;
    const record: EventRecord = {
      version,
      seat,
      playerId: person,
      ...(person === null ? { level: 'easy' as const } : {}),
      action,
      events: applied.events,
      toAct: game.toAct(state),
      at: at(),
    };
    if (person !== null) pending = { records: [record], before: due, seat };
    else pending?.records.push(record);
  }
  close();
  return commits;
}

/** The smallest and the largest table of a game. */
export const tableSizes = (game: AnyGame) => [...new Set([game.minPlayers, game.maxPlayers])];
