import type { GameRegistry } from '../../engine/core/index.js';
import { gameTable, type GameTable, type Stores } from '../store/ports/stores.js';
import type { TimeStore } from '../store/ports/times.js';
import type { ChatRecord } from '../domain/game.js';
import { Chat } from './chat.js';
import { gamesOf, type GameCapabilities, type Games } from './games.js';
import type { GameTransition, ReminderNotice } from './transition.js';
import { levelBots, type BotFactory } from './bots.js';
import { GameLog } from './game-log.js';
import { GameReads } from './game-reads.js';
import { GameExports } from './game-export.js';
import { Play } from './play.js';
import { Finishing } from './finishing.js';
import { Timing } from './timing.js';
import { Seating } from './seating.js';
import { Lobby } from './lobby.js';
import { DEFAULT_LIMITS, type Caps } from './limits.js';
import type { Metrics } from './metrics.js';
import { Players } from './players.js';
import { CHECK_EVERY_MS, VersionWaits } from './version-waits.js';
import type { Mailer } from './account-mail.js';
import { Credentials } from './credentials.js';
import { EmailAddresses } from './email-addresses.js';
import { OneTimeCodes } from './one-time-codes.js';
import { SignIn } from './sign-in.js';
import { YourData } from './your-data.js';
import { AccountWrites } from './account-writes.js';
import { Results } from './results.js';
import { Profiles } from './profiles.js';
import { BotAccounts } from './bot-accounts.js';
import { Digests, type DigestNotice } from './digests.js';
import { Streams, type EndedCredentials } from './streams.js';
import { InProcessBotTurns, type BotTurns } from './bot-turns.js';
import { BotTurnJobs } from './bot-turn-jobs.js';

export interface Services extends GameCapabilities {
  registry: GameRegistry;
  /** Every store, one per aggregate. */
  stores: Stores;
  /** The game log, the players and their channels through one handle. */
  table: GameTable;
  times: TimeStore;
  now: () => Date;
  players: Players;
  /** The capabilities below as the api takes them, in one object. */
  games: Games;
  chat: Chat;
  /** Requests held until a game moves (long-polled views). */
  waits: VersionWaits;
  credentials: Credentials;
  signIn: SignIn;
  emails: EmailAddresses;
  yourData: YourData;
  /** Write permits, which an account's deletion refuses from its start (the request stack takes them). */
  writes: AccountWrites;
  /** Ratings, search index and histories of finished games (written when a game finishes). */
  results: Results;
  profiles: Profiles;
  /** Bot accounts and their directory (docs/accounts.md "Bot accounts"). */
  botAccounts: BotAccounts;
  /** Public games waiting for players, and seeks (docs/playing.md "Lobby"). */
  lobby: Lobby;
  /** Daily digests by email: scheduled by the settings, claimed by the sweep. */
  digests: Digests;
  /** The account event stream's tickets, sockets and watched games. */
  streams: Streams;
  /** Where commits hand the turns of searching bots (RP-BOT-1); `botTurns.settled()` waits for the jobs run here. */
  botTurns: BotTurns;
  /** A bot-turn job, as a queue's worker runs it (functions/bots/lambda.ts). */
  botTurnJobs: BotTurnJobs;
  /** Resolves once the work started off the request path (bot turns run here, recording finished games) has ended, so a server can close its store after it. */
  settled(): Promise<void>;
}

/** What the notifier must hear of, beyond the table's own writes (locally; in AWS the stream carries it). */
export interface ServiceHooks {
  onTransition?: (t: GameTransition) => void;
  onReminder?: (r: ReminderNotice) => void;
  onChat?: (m: ChatRecord) => void;
  /** A day's digest was claimed (the sweep): mail it. */
  onDigest?: (d: DigestNotice) => void;
  /** A rematch was offered (a meta write, which the commit-based transitions do not show). */
  onRematchOffered?: (gameId: string) => void;
  /** Credentials stopped working (revoked, signed out, the account deleted): their sockets must close. */
  onCredentialsEnded?: (playerId: string, ended: EndedCredentials) => Promise<void> | void;
  /** Where moves, bot moves and refused moves are counted. */
  metrics?: Metrics;
  /** Sends sign-in codes and address confirmations; without it none go out. */
  mailer?: Mailer;
  /** Where failures off the request path (a mail that could not be sent) are told. */
  log?: (message: string, err: unknown) => void;
  /** The bot for each level; default the games' own bots and search (bots.ts). Tests give cheaper searches. */
  bots?: BotFactory;
  /** Where bot turns go (a queue in AWS: functions/bots/); default this process runs them (InProcessBotTurns). */
  botTurns?: BotTurns;
}

/** The services on `stores`: `dynamoStores` (functions/store/dynamo-stores.ts) in AWS, locally and in tests. */
export function createServices(
  stores: Stores,
  registry: GameRegistry,
  now: () => Date = () => new Date(),
  hooks: ServiceHooks = {},
  caps: Caps = DEFAULT_LIMITS.caps,
): Services {
  const table = gameTable(stores);
  const { times, ratings, finished, accounts, chats, deletion: erasure } = stores;
  const waits = new VersionWaits(stores.games, CHECK_EVERY_MS, undefined, stores.holdSlots);
  const log = hooks.log ?? ((message: string, err: unknown) => console.error(message, err));
  const results = new Results(stores.games, ratings, finished, registry);
  const offPath = new Set<Promise<void>>();
  const onTransition = (t: GameTransition) => {
    waits.wake(t.gameId);
    // RP-STREAM-6: what the stream's filter keeps from the notifier in AWS, the local path keeps from it too.
    if (!t.quiet) hooks.onTransition?.(t);
    // Off the request path; in AWS the stream's notifier records it too (Results is safe to repeat and to race).
    if (t.finished) {
      const work: Promise<void> = results
        .record(t.gameId, t.game)
        .catch((err: unknown) => log('recording a finished game failed', err))
        .finally(() => offPath.delete(work));
      offPath.add(work);
    }
  };
  const digests = new Digests(stores.players, stores.digests, now, hooks.onDigest);
  const players = new Players(table, times, now, accounts, digests);
  const botTurns: BotTurns = hooks.botTurns ?? new InProcessBotTurns((turn) => botTurnJobs.run(turn), log);
  const gameLog = new GameLog({
    table,
    times,
    registry,
    now,
    onTransition,
    ...(hooks.metrics ? { metrics: hooks.metrics } : {}),
    bots: hooks.bots ?? levelBots,
    botTurns,
  });
  const botTurnJobs = new BotTurnJobs(gameLog);
  const timing = new Timing(table, times, gameLog, now, hooks.onReminder);
  const seating = new Seating(table, gameLog, timing, caps, stores.lobby);
  const capabilities: GameCapabilities = {
    seating,
    reads: new GameReads(table, gameLog),
    play: new Play(table, gameLog, hooks.metrics),
    exports: new GameExports(table, gameLog),
    finishing: new Finishing(table, gameLog, hooks.onRematchOffered),
    timing,
  };
  const lobby = new Lobby(stores.games, stores.lobby, seating, registry, now, ratings);
  const codes = new OneTimeCodes(accounts, now);
  const credentials = new Credentials(accounts, table, players, gameLog, now, hooks.onCredentialsEnded);
  const mailer = hooks.mailer ?? null;
  const writes = new AccountWrites(erasure);
  return {
    registry,
    stores,
    table,
    times,
    now,
    players,
    ...capabilities,
    games: gamesOf(capabilities),
    chat: new Chat(table, chats, now, hooks.onChat, caps),
    credentials,
    signIn: new SignIn(accounts, table, codes, credentials, writes, mailer, log),
    emails: new EmailAddresses(accounts, table, players, codes, mailer, log),
    yourData: new YourData({
      table,
      accounts,
      chats,
      erasure,
      writes,
      seating,
      players,
      results,
      lobby,
      now,
      ...(hooks.onCredentialsEnded ? { onEnded: hooks.onCredentialsEnded } : {}),
    }),
    writes,
    waits,
    results,
    profiles: new Profiles(table, ratings, finished, registry),
    botAccounts: new BotAccounts(table, ratings, players, now),
    lobby,
    digests,
    streams: new Streams({
      connections: stores.connections,
      tickets: stores.streamTickets,
      accounts,
      players: stores.players,
      games: stores.games,
      now,
    }),
    botTurns,
    botTurnJobs,
    settled: async () => {
      // A bot turn may finish a game, whose recording then runs off the path.
      await botTurns.settled();
      while (offPath.size > 0) await Promise.all(offPath);
    },
  };
}
