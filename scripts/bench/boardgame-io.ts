/**
 * boardgame.io 0.50's Master running a railpost engine game the way its server runs a match:
 * credentials checked on every move, every connected player sent its own filtered state
 * (playerView, serialised as the socket would), and storage that keeps JSON rather than live
 * objects. The game is the engine itself (move = apply, playerView = view), so that both sides of
 * the comparison do the same rules work.
 */
import { createRequire } from 'node:module';
import type { Game, LogEntry, Server, State } from 'boardgame.io';
import { ActivePlayers, INVALID_MOVE } from 'boardgame.io/core';
import { ProcessGameConfig, Sync, createMatch, getFilterPlayerView } from 'boardgame.io/internal';
import { Master } from 'boardgame.io/master';
import { RuleError, type AnyGame, type Seat } from '../../engine/core/index.js';

/**
 * A move gets an Immer draft of G, and the engine must be given the state itself (it clones its
 * input). Only the Immer instance boardgame.io requires can read its drafts (the builds differ),
 * so it is required from where boardgame.io requires it.
 */
const { original } = createRequire(createRequire(import.meta.url).resolve('boardgame.io/master'))(
  'immer',
) as typeof import('immer');

export interface MatchSetup {
  seed: string;
  options: unknown;
}

type FetchOpts = { state?: boolean; metadata?: boolean; log?: boolean; initialState?: boolean };

/** boardgame.io's InMemory storage (not exported), keeping JSON: every write serialises, every read parses. */
class JsonStorage extends Sync {
  private readonly states = new Map<string, string>();
  private readonly initial = new Map<string, string>();
  private readonly metadata = new Map<string, string>();
  private readonly logs = new Map<string, string[]>();

  override createMatch(matchID: string, opts: { initialState: State; metadata: Server.MatchData }): void {
    this.initial.set(matchID, JSON.stringify(opts.initialState));
    this.states.set(matchID, JSON.stringify(opts.initialState));
    this.metadata.set(matchID, JSON.stringify(opts.metadata));
  }

  override setState(matchID: string, state: State, deltalog?: LogEntry[]): void {
    this.states.set(matchID, JSON.stringify(state));
    // Appended, as a database would append log rows, rather than rewriting the whole log.
    if (deltalog?.length) this.logs.set(matchID, [...(this.logs.get(matchID) ?? []), JSON.stringify(deltalog)]);
  }

  override setMetadata(matchID: string, metadata: Server.MatchData): void {
    this.metadata.set(matchID, JSON.stringify(metadata));
  }

  override fetch(matchID: string, opts: FetchOpts): never {
    const parsed = (json: string | undefined): unknown => (json === undefined ? undefined : JSON.parse(json));
    return {
      ...(opts.state ? { state: parsed(this.states.get(matchID)) } : {}),
      ...(opts.metadata ? { metadata: parsed(this.metadata.get(matchID)) } : {}),
      ...(opts.log ? { log: (this.logs.get(matchID) ?? []).flatMap((batch) => JSON.parse(batch) as LogEntry[]) } : {}),
      ...(opts.initialState ? { initialState: parsed(this.initial.get(matchID)) } : {}),
    } as never;
  }

  override wipe(matchID: string): void {
    for (const map of [this.states, this.initial, this.metadata, this.logs]) map.delete(matchID);
  }

  override listMatches(): string[] {
    return [...this.metadata.keys()];
  }
}

/** A railpost game as a boardgame.io game: G is the engine's state, the one move its apply, playerView its view. */
export function boardgameIoGame(def: AnyGame): Game<unknown, Record<string, unknown>, MatchSetup> {
  return {
    name: def.id,
    minPlayers: def.minPlayers,
    maxPlayers: def.maxPlayers,
    // railpost has no undo; with it boardgame.io would keep a copy of G for every move of a turn.
    disableUndo: true,
    setup: ({ ctx }, setup) =>
      def.setup({ seed: setup!.seed, players: ctx.numPlayers, options: def.options.parse(setup!.options) }),
    // The engine decides whose turn it is (simultaneous choices included) and refuses everyone else.
    turn: { activePlayers: ActivePlayers.ALL },
    moves: {
      act: ({ G, playerID }, action: { type: string }) => {
        try {
          return def.apply(original(G), Number(playerID), action).state;
        } catch (err) {
          if (err instanceof RuleError) return INVALID_MOVE;
          throw err;
        }
      },
    },
    endIf: ({ G }) => def.outcome(G) ?? undefined,
    playerView: ({ G, playerID }) => def.view(G, playerID === null ? 'spectator' : Number(playerID)),
  };
}

/** boardgame.io's default check (its server's Auth): the credentials sent equal the seat's in the match metadata. */
const credentialsAuth = {
  authenticateCredentials: ({
    playerID,
    credentials,
    metadata,
  }: {
    playerID: string;
    credentials: string | undefined;
    metadata: Server.MatchData;
  }) => credentials !== undefined && credentials === metadata.players[Number(playerID)]?.credentials,
} as unknown as ConstructorParameters<typeof Master>[3];

type TransportAPI = ConstructorParameters<typeof Master>[2];

const credentialsOf = (seat: Seat) => `credentials-of-seat-${seat}`;

/** One Master serving matches of one game, with every seat connected. */
export class BoardgameIoServer {
  private readonly storage = new JsonStorage();
  private readonly game: Game;
  private readonly master: Master;
  private readonly seats = new Map<string, number>();
  /** What went out to clients, to check that every move reached every seat. */
  readonly sent = { messages: 0, bytes: 0 };

  constructor(def: AnyGame) {
    this.game = ProcessGameConfig(boardgameIoGame(def) as Game);
    const filtered = getFilterPlayerView(this.game);
    const emit = (data: unknown) => {
      this.sent.messages++;
      this.sent.bytes += JSON.stringify(data).length;
    };
    const transport: TransportAPI = {
      send: ({ playerID, ...data }) => emit(filtered(playerID, data)),
      // What its socket transport does for each client connected to the match.
      sendAll: (payload) => {
        const seats = this.seats.get(payload.args[0]) ?? 0;
        for (let seat = 0; seat < seats; seat++) emit(filtered(String(seat), payload));
      },
    };
    this.master = new Master(this.game, this.storage, transport, credentialsAuth);
  }

  /** A match as the lobby leaves it once every seat is taken: each seat holding its credentials. */
  createMatch(matchID: string, players: number, setup: MatchSetup): void {
    const match = createMatch({ game: this.game, numPlayers: players, setupData: setup, unlisted: true });
    if ('setupDataError' in match) throw new Error(match.setupDataError);
    for (const [id, player] of Object.entries(match.metadata.players)) player.credentials = credentialsOf(Number(id));
    this.storage.createMatch(matchID, match);
    this.seats.set(matchID, players);
  }

  /** A move as a client sends it; `stateID` is the version the client saw. */
  async move(matchID: string, stateID: number, seat: Seat, action: unknown): Promise<void> {
    const playerID = String(seat);
    const payload = { type: 'act', args: [action], playerID, credentials: credentialsOf(seat) };
    const refused = await this.master.onUpdate({ type: 'MAKE_MOVE', payload }, stateID, matchID, playerID);
    if (refused) throw new Error(`boardgame.io refused move ${stateID} of ${matchID}: ${refused.error}`);
  }

  /** The stored state: G, ctx and the state id. */
  state(matchID: string): State {
    return (this.storage.fetch(matchID, { state: true }) as { state: State }).state;
  }
}
