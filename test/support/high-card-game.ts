/**
 * Driving the high-card fixture (engine/fixtures/high-card.ts) through the API, and reading what
 * the store holds underneath it, for suites that compare "before" and "after".
 */
import { ScanCommand, type AttributeValue, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { LocalServer } from '../../functions/local/server.js';
import { replay } from '../../functions/service/replay.js';
import { highCard, type View } from '../../engine/fixtures/high-card.js';
import type { ApiClient, Player, Reply } from './client.js';

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

function expectStatus(r: Reply, status: number, what: string): void {
  if (r.status !== status) throw new Error(`${what}: expected ${status}, got ${r.status} ${r.text}`);
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
  static async create(humans: Player[], opts: { bots?: number; options?: HighCardOptions; seats?: number } = {}): Promise<HighCardGame> {
    const bots = opts.bots ?? 0;
    const seats = opts.seats ?? humans.length + bots;
    const [creator, ...others] = humans;
    if (!creator) throw new Error('a game needs a creator');
    const created = await creator.post('/v1/games', { game: 'high-card', players: seats, bots, options: opts.options ?? {} });
    expectStatus(created, 201, 'create game');
    for (const p of others) expectStatus(await p.post(`/v1/games/${created.body.id}/join`, { inviteCode: created.body.inviteCode }), 200, 'join');
    return new HighCardGame(created.body.id, created.body.inviteCode, humans, seats);
  }

  /** Registers `humans` new players and seats them. */
  static async start(api: ApiClient, humans: number, opts: { bots?: number; options?: HighCardOptions; prefix?: string } = {}): Promise<HighCardGame> {
    const players = await Promise.all(Array.from({ length: humans }, (_, i) => api.newPlayer(`${opts.prefix ?? 'P'}${i}`)));
    return HighCardGame.create(players, opts);
  }

  get path(): string {
    return `/v1/games/${this.id}`;
  }

  seat(seat: number): Player {
    const p = this.players[seat];
    if (!p) throw new Error(`seat ${seat} is not a person`);
    return p;
  }

  summary(seat = 0) {
    return this.seat(seat).get(`${this.path}`);
  }

  async view(seat = 0): Promise<ViewReply> {
    const r = await this.seat(seat).get<ViewReply>(`${this.path}/view`);
    expectStatus(r, 200, `view of seat ${seat}`);
    return r.body;
  }

  post(seat: number, action: unknown, expectedVersion: number, headers?: Record<string, string>) {
    // The body is a ViewReply on 200 and a problem otherwise.
    return this.seat(seat).post(`${this.path}/actions`, { action, expectedVersion }, headers);
  }

  /** Seat `seat` posts one of its legalActions (chosen by `pick`, default the first). */
  async act(seat: number, pick: (legal: ViewReply['legalActions'], view: ViewReply) => unknown = (l) => l[0]): Promise<ViewReply> {
    const v = await this.view(seat);
    if (v.legalActions.length === 0) throw new Error(`seat ${seat} has nothing to do at version ${v.version}`);
    const r = await this.post(seat, pick(v.legalActions, v), v.version);
    expectStatus(r, 200, `action of seat ${seat}`);
    return r.body;
  }

  /** One move by the lowest human seat that is due; false once nobody human is due. */
  async step(pick?: (legal: ViewReply['legalActions'], view: ViewReply) => unknown): Promise<boolean> {
    const v = await this.view(0);
    const seat = v.toAct.find((s) => s < this.players.length);
    if (seat === undefined) return false;
    await this.act(seat, pick);
    return true;
  }

  /** Moves until `done` holds for seat 0's view (or nobody human can move). */
  async playUntil(done: (v: ViewReply) => boolean, pick?: (legal: ViewReply['legalActions'], view: ViewReply) => unknown): Promise<ViewReply> {
    for (let i = 0; i < 500; i++) {
      const v = await this.view(0);
      if (done(v)) return v;
      if (!(await this.step(pick))) return this.view(0);
    }
    throw new Error('the game did not reach the wanted point in 500 moves');
  }

  /** Everybody passes until the round's play phase (HC-3) starts. */
  toPlayPhase(): Promise<ViewReply> {
    return this.playUntil((v) => v.view.phase === 'play', (legal) => legal.find((a) => a.type === 'pass') ?? legal[0]);
  }

  playToEnd(pick?: (legal: ViewReply['legalActions'], view: ViewReply) => unknown): Promise<ViewReply> {
    return this.playUntil((v) => v.toAct.length === 0, pick);
  }
}

/** What the store holds for a game (meta, head version, every event): equal before and after means nothing changed. */
export async function storedGame(server: LocalServer, gameId: string) {
  const { meta, head } = await server.services.table.getMetaAndHead(gameId);
  const events = await server.services.table.eventsAfter(gameId, 0);
  return { meta, headVersion: head?.version ?? null, events };
}

/** The true, complete state of a high-card game right now, read under the API (hands, deck, commitments). */
export async function trueState(server: LocalServer, gameId: string) {
  const { meta, head } = await server.services.table.getMetaAndHead(gameId);
  if (!meta) throw new Error(`no game ${gameId}`);
  const tail = await server.services.table.eventsAfter(gameId, head?.version ?? 0);
  const { state, version } = replay(highCard, meta, head, tail);
  return { state: state as ReturnType<typeof highCard.setup>, version, seed: meta.seed };
}

/** How many items the whole table holds: unchanged means no write happened anywhere. */
export async function tableItemCount(server: LocalServer): Promise<number> {
  // Notifications of earlier requests write their delivery claims off the request path: let them land first.
  await server.notificationsIdle();
  const db = server.services.table['db'] as DynamoDBClient;
  let count = 0;
  let start: Record<string, AttributeValue> | undefined;
  do {
    const page = await db.send(new ScanCommand({ TableName: server.services.table.tableName, Select: 'COUNT', ExclusiveStartKey: start }));
    count += page.Count ?? 0;
    start = page.LastEvaluatedKey;
  } while (start);
  return count;
}
