/**
 * Driving the high-card fixture (engine/fixtures/high-card.ts) through the API, and reading what
 * the store holds underneath it, for suites that compare "before" and "after".
 */
import { ScanCommand, type AttributeValue, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { LocalServer } from '../../functions/local/server.js';
import { replay } from '../../functions/service/replay.js';
import { highCard, type View } from '../../engine/fixtures/high-card.js';
import {
  dataOf,
  idempotencyKey,
  textOf,
  type Answer,
  type Api,
  type Player,
  type Problem,
  type Schemas,
} from './client.js';
import { LOCAL_TABLE } from '../../functions/local/server.js';

export interface HighCardOptions {
  rounds?: number;
  handSize?: number;
}

export type HighCardView = View;

export interface ViewReply {
  version: number;
  toAct: number[];
  view: HighCardView;
  legalActions: { type: string; card?: number }[];
}

/** A move's answer: the view on 200, a problem otherwise. */
export type MoveAnswer =
  { data: ViewReply; error?: never; response: Response } | { data?: never; error: Problem; response: Response };

/**
 * The fixture is not in the OpenAPI document (it describes the catalog), so the generated types
 * know no high-card view: it is typed here. The answer checks still hold it to the document's
 * view envelope, with the fixture's own actions (fixture-answers.ts).
 */
export const highCardAnswer = (answer: Answer) => answer as unknown as MoveAnswer;

/** Picks one of a seat's legal actions. */
export type Pick = (legal: ViewReply['legalActions'], view: ViewReply) => Schemas['Action'] | undefined;

function expectStatus(r: Answer, status: number, what: string): void {
  if (r.response.status !== status)
    throw new Error(`${what}: expected ${status}, got ${r.response.status} ${textOf(r)}`);
}

/** A high-card game whose human seats 0..n-1 are `players[i]`; bots (if any) hold the last seats. */
export class HighCardGame {
  constructor(
    readonly id: string,
    readonly inviteCode: string,
    readonly players: Player[],
    readonly seats: number,
  ) {}

  /** Creates the game as `humans[0]`, lets the others join in order; bots fill the remaining seats. */
  static async create(
    humans: Player[],
    opts: {
      bots?: number;
      options?: HighCardOptions;
      seats?: number;
      timeControl?: Schemas['GameCreate']['timeControl'];
    } = {},
  ): Promise<HighCardGame> {
    const bots = opts.bots ?? 0;
    const seats = opts.seats ?? humans.length + bots;
    const [creator, ...others] = humans;
    if (!creator) throw new Error('a game needs a creator');
    const created = await creator.POST('/v1/games', {
      body: {
        game: 'high-card',
        players: seats,
        bots,
        options: { ...opts.options },
        ...(opts.timeControl ? { timeControl: opts.timeControl } : {}),
      },
    });
    expectStatus(created, 201, 'create game');
    // A game whose other seats are all bots starts at once, and shows no invite code.
    const { id, inviteCode = '' } = dataOf(created);
    for (const p of others)
      expectStatus(
        await p.POST('/v1/games/{id}/join', { params: { path: { id } }, body: { inviteCode } }),
        200,
        'join',
      );
    return new HighCardGame(id, inviteCode, humans, seats);
  }

  /** Registers `humans` new players and seats them. */
  static async start(
    api: Api,
    humans: number,
    opts: { bots?: number; options?: HighCardOptions; prefix?: string } = {},
  ): Promise<HighCardGame> {
    const players = await Promise.all(
      Array.from({ length: humans }, (_, i) => api.newPlayer(`${opts.prefix ?? 'P'}${i}`)),
    );
    return HighCardGame.create(players, opts);
  }

  /** The `params` of a call about this game. */
  get params() {
    return { path: { id: this.id } };
  }

  seat(seat: number): Player {
    const p = this.players[seat];
    if (!p) throw new Error(`seat ${seat} is not a person`);
    return p;
  }

  summary(seat = 0) {
    return this.seat(seat).GET('/v1/games/{id}', { params: this.params });
  }

  async view(seat = 0): Promise<ViewReply> {
    const r = highCardAnswer(await this.seat(seat).GET('/v1/games/{id}/view', { params: this.params }));
    expectStatus(r, 200, `view of seat ${seat}`);
    return dataOf(r);
  }

  /** Seat `seat` posts `action` at `expectedVersion`, with an Idempotency-Key when `key` is given. */
  async post(seat: number, action: Schemas['Action'], expectedVersion: number, key?: string): Promise<MoveAnswer> {
    const params = { ...this.params, ...(key === undefined ? {} : { header: idempotencyKey(key) }) };
    return highCardAnswer(
      await this.seat(seat).POST('/v1/games/{id}/actions', { params, body: { action, expectedVersion } }),
    );
  }

  /** Seat `seat` posts one of its legalActions (chosen by `pick`, default the first). */
  async act(seat: number, pick: Pick = (l) => l[0]): Promise<ViewReply> {
    const v = await this.view(seat);
    if (v.legalActions.length === 0) throw new Error(`seat ${seat} has nothing to do at version ${v.version}`);
    const action = pick(v.legalActions, v);
    if (!action) throw new Error(`seat ${seat} picked no action at version ${v.version}`);
    const r = await this.post(seat, action, v.version);
    expectStatus(r, 200, `action of seat ${seat}`);
    return dataOf(r);
  }

  /** One move by the lowest human seat that is due; false once nobody human is due. */
  async step(pick?: Pick): Promise<boolean> {
    const v = await this.view(0);
    const seat = v.toAct.find((s) => s < this.players.length);
    if (seat === undefined) return false;
    await this.act(seat, pick);
    return true;
  }

  /** Moves until `done` holds for seat 0's view (or nobody human can move). */
  async playUntil(done: (v: ViewReply) => boolean, pick?: Pick): Promise<ViewReply> {
    for (let i = 0; i < 500; i++) {
      const v = await this.view(0);
      if (done(v)) return v;
      if (!(await this.step(pick))) return this.view(0);
    }
    throw new Error('the game did not reach the wanted point in 500 moves');
  }

  /** Everybody passes until the round's play phase (HC-3) starts. */
  toPlayPhase(): Promise<ViewReply> {
    return this.playUntil(
      (v) => v.view.phase === 'play',
      (legal) => legal.find((a) => a.type === 'pass') ?? legal[0],
    );
  }

  /**
   * A two-seat game (rounds 1) past its first moves: both seats pass (HC-2) and seat 0 plays a card
   * (HC-3). Each seat has moved and the abort window is closed, so a resignation now is rated (RP-RATE-1).
   */
  async pastAbortWindow(): Promise<void> {
    const pass = (legal: Schemas['Action'][]) => legal.find((a) => a.type === 'pass');
    await this.act(0, pass);
    await this.act(1, pass);
    await this.act(0);
  }

  playToEnd(pick?: Pick): Promise<ViewReply> {
    return this.playUntil((v) => v.toAct.length === 0, pick);
  }
}

/** What the store holds for a game (meta, every commit): equal before and after means nothing changed. */
export async function storedGame(server: LocalServer, gameId: string) {
  const meta = (await server.services.table.readGame(gameId))?.meta ?? null;
  const commits = await server.services.table.commitsAfter(gameId, -1);
  return {
    meta,
    commits: commits.map((c) => ({ key: c.key, version: c.version })),
    events: commits.flatMap((c) => c.records),
  };
}

/** The true, complete state of a high-card game right now, read under the API (hands, deck, commitments). */
export async function trueState(server: LocalServer, gameId: string) {
  const game = await server.services.table.readGame(gameId);
  if (!game) throw new Error(`no game ${gameId}`);
  const { state, version } = game.latest ?? replay(highCard, game.meta, null, []);
  return { state: state as ReturnType<typeof highCard.setup>, version, seed: game.meta.seed };
}

/** How many items the whole table holds: unchanged means no write happened anywhere. */
export async function tableItemCount(server: LocalServer): Promise<number> {
  // Notifications of earlier requests write their delivery claims off the request path: let them land first.
  await server.notificationsIdle();
  const db = server.db;
  let count = 0;
  let start: Record<string, AttributeValue> | undefined;
  do {
    const page = await db.send(new ScanCommand({ TableName: LOCAL_TABLE, Select: 'COUNT', ExclusiveStartKey: start }));
    count += page.Count ?? 0;
    start = page.LastEvaluatedKey;
  } while (start);
  return count;
}
