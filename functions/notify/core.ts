/**
 * The notifier: turns a transition of a game into one message per recipient and delivers it on
 * every channel the player chose (email, Web Push, webhooks). The same code runs in-process
 * locally and behind the table's stream in AWS.
 */
import { randomBytes } from 'node:crypto';
import type { AnyGame, GameRegistry } from '../../engine/core/index.js';
import type { DeliveryStore } from '../store/ports/deliveries.js';
import type { GameTable } from '../store/ports/stores.js';
import { outcomeWithForfeits } from '../service/forfeit.js';
import { DEFAULT_LIMITS } from '../service/limits.js';
import { noMetrics, type Metrics } from '../service/metrics.js';
import type { ChatRecord, EventRecord, GameMeta, GameRecord } from '../domain/game.js';
import type { PlayerRecord } from '../domain/player.js';
import type { EmailSender } from './email.js';
import { renderEmail, type MailReplyOutcome, type Notification, type NotificationKind } from './message.js';
import { positionOf } from './position.js';
import { digestReplyAddress, replyAddress, UNTIMED_REPLY_DAYS } from './reply-address.js';
import { renderDigest, type DigestAnswer, type DigestEntry } from './digest-mail.js';
import type { DigestStore } from '../store/ports/digests.js';
import type { SheetEntry } from '../store/ports/digests.js';
import type { RenderedEmail } from './message.js';
import { pushPayload, sendPush, type VapidKeys } from './push.js';
import { recipientsOf, type Recipient, type Transition } from './recipients.js';
import { changesFor, shownName, type ChangeWording } from './changes.js';
import { gameTitle, wordsFor, wordsIn, type Words } from './wording.js';
import { plainUi, type GameUi } from '../../presentation/game-ui.js';
import { webGame } from '../../presentation/games.js';
import { signUnsubscribe } from './unsubscribe.js';
import { signBoardLink } from './board-link.js';
import { renderableGames } from '../../presentation/index.js';
import { deliverWebhook, webhookPayload } from './webhook.js';
import { strictOutbound, type Outbound } from './outbound-guard.js';

export interface NotifierConfig {
  table: GameTable;
  /** Claims each message before it is sent, so duplicates of a stream record send nothing twice. */
  deliveries: DeliveryStore;
  registry: GameRegistry;
  /** Where links in messages point: the service's public base URL. */
  publicUrl: string;
  email: EmailSender | null;
  vapid: VapidKeys | null;
  /** Signs the links in emails (unsubscribe, board pictures), each kind under its own purpose. */
  unsubscribeSecret: string;
  /**
   * The agents webhooks and pushes go through; default the production rules (public addresses
   * only, checked at connect time). Only the local server relaxes them, when told to.
   */
  outbound?: Outbound;
  /** At most one chat notice per recipient and game in this many seconds; default DEFAULT_LIMITS.chatNoticeSeconds. */
  chatNoticeSeconds?: number;
  log: (line: string) => void;
  /** Counts every delivery attempt by channel and outcome. */
  metrics?: Metrics;
  /**
   * Where replies to turn emails are received, e.g. `play.example.com`: with it, a
   * turn email lists the choices with codes and its Reply-To is a signed address at this domain.
   */
  replyDomain?: string;
  /** The service's clock (reply tokens expire); default the system's. */
  now?: () => Date;
  /** Where a digest email's labels are kept for its reply; without it no digest is sent. */
  digests?: DigestStore;
}

/** Games one digest lists at most (labels A to H); it says how many more wait. */
export const DIGEST_MAX_GAMES = 8;
/** A digest's reply address and sheet hold this long: until about the next day's digest. */
export const DIGEST_REPLY_HOURS = 24;

/** Why a digest goes out: the day's digest, or the answer to a reply to one. */
export type DigestReason = { day: string } | { answers: DigestAnswer[] };

export interface DeliveryFailure {
  playerId: string;
  channel: 'email' | 'push' | 'webhook';
  error: string;
}

/**
 * Per-event choices apply to every channel; email also needs an address and email switched on. A
 * player who chose the daily digest gets their turns in it instead of one email each.
 */
function wants(player: PlayerRecord, kind: NotificationKind): { any: boolean; email: boolean } {
  const any = player.notifications.events[kind];
  const inDigest = kind === 'yourTurn' && player.notifications.digest !== null;
  return { any, email: any && !inDigest && player.notifications.email && Boolean(player.email) };
}

export class Notifier {
  constructor(private readonly config: NotifierConfig) {}

  /** The game, as the caller has it already or as one read finds it. */
  private async gameOf(gameId: string, known: GameRecord | null | undefined): Promise<GameRecord | null> {
    return known === undefined ? this.config.table.readGame(gameId) : known;
  }

  /**
   * Delivers every message of a transition; failures are returned (for retries), never thrown.
   * `game` is the game as it is now, when the caller has read it already.
   */
  async deliver(t: Transition, records: readonly EventRecord[], known?: GameRecord | null): Promise<DeliveryFailure[]> {
    const game = await this.gameOf(t.gameId, known);
    if (!game) return [];
    const { meta, latest } = game;
    const failures: DeliveryFailure[] = [];
    for (const r of recipientsOf(t, meta.seats)) {
      const player = await this.config.table.getPlayer(r.playerId);
      if (!player || !wants(player, r.kind).any) continue;
      const deadline = t.finished ? undefined : latest?.clocks?.[r.seat]?.deadline;
      const n = await this.message(game, r, player, t, records, deadline ?? undefined);
      failures.push(...(await this.once(player, n, `${r.kind}#${t.version}`)));
    }
    return failures;
  }

  /** The reminder the sweeper claimed for one seat: its time is running out. */
  async remind(
    r: { gameId: string; seat: number; deadline: string },
    known?: GameRecord | null,
  ): Promise<DeliveryFailure[]> {
    const game = await this.gameOf(r.gameId, known);
    const latest = game?.latest;
    const playerId = game?.meta.seats[r.seat]?.playerId;
    if (
      !game ||
      !latest ||
      game.meta.status !== 'active' ||
      latest.status !== 'active' ||
      !playerId ||
      !latest.toAct.includes(r.seat)
    )
      return [];
    const player = await this.config.table.getPlayer(playerId);
    if (!player || !wants(player, 'reminder').any) return [];
    const t: Transition = {
      gameId: r.gameId,
      before: latest.toAct,
      after: latest.toAct,
      started: false,
      finished: false,
      version: latest.version,
    };
    return this.once(
      player,
      await this.message(game, { seat: r.seat, playerId, kind: 'reminder' }, player, t, [], r.deadline),
      `reminder#${r.seat}#${r.deadline}`,
    );
  }

  /**
   * A table-talk message, to every seated person but its author who chose to hear of chat. A
   * burst of messages must not become a burst of emails, pushes and webhook calls: each recipient
   * hears of the first message of a fixed window only (the game's chat has the rest).
   */
  async chat(m: ChatRecord, known?: GameRecord | null): Promise<DeliveryFailure[]> {
    const game = await this.gameOf(m.gameId, known);
    if (!game) return [];
    const { meta, latest } = game;
    const failures: DeliveryFailure[] = [];
    const toAct = latest?.status === 'active' ? latest.toAct : [];
    const t: Transition = {
      gameId: m.gameId,
      before: toAct,
      after: toAct,
      started: false,
      finished: false,
      version: latest?.version ?? 0,
    };
    const window = Math.floor(
      Date.parse(m.at) / ((this.config.chatNoticeSeconds ?? DEFAULT_LIMITS.chatNoticeSeconds) * 1000),
    );
    for (const [seat, holder] of meta.seats.entries()) {
      if (holder.bot || !holder.playerId || holder.playerId === m.playerId) continue;
      const player = await this.config.table.getPlayer(holder.playerId);
      if (!player || !wants(player, 'chat').any) continue;
      const n = await this.message(game, { seat, playerId: player.id, kind: 'chat' }, player, t, [], undefined);
      n.chat = { from: shownName(m.name) ?? wordsIn(n.language)('mail.seat', { n: m.seat + 1 }), text: m.text };
      failures.push(...(await this.once(player, n, `chat#${window}`)));
    }
    return failures;
  }

  /**
   * The answer to a reply by email, to its player only and by email: what was played
   * and the position now, or what went wrong and the current choices. `since` is the version the
   * reply was written at: the moves after it are told. Nothing after the end (the game's final
   * email says it).
   */
  async answerReply(
    gameId: string,
    playerId: string,
    since: number,
    outcome: MailReplyOutcome,
  ): Promise<DeliveryFailure[]> {
    const game = await this.config.table.readGame(gameId);
    const latest = game?.latest;
    const seat = game?.meta.seats.findIndex((s) => s.playerId === playerId) ?? -1;
    if (!game || !latest || latest.status !== 'active' || seat < 0) return [];
    const player = await this.config.table.getPlayer(playerId);
    if (!player?.email) return [];
    const records = (await this.config.table.commitsAfter(gameId, since, undefined, latest))
      .flatMap((c) => c.records)
      .filter((r) => r.version > since);
    const t: Transition = {
      gameId,
      before: latest.toAct,
      after: latest.toAct,
      started: false,
      finished: false,
      version: latest.version,
    };
    const n = await this.message(
      game,
      { seat, playerId, kind: 'yourTurn' },
      player,
      t,
      records,
      latest.clocks?.[seat]?.deadline ?? undefined,
    );
    n.reply = outcome;
    const failures: DeliveryFailure[] = [];
    await this.attemptEmail(player, n, failures);
    return failures;
  }

  /**
   * A digest email: every game where it is the player's turn, soonest deadline first,
   * at most DIGEST_MAX_GAMES of them, each under a letter its codes start with. The letters are kept
   * in a sheet for the reply. The day's digest goes out once (its sheet is named by the day) and
   * not at all when no game waits; the answer to a reply always goes out, under a new sheet.
   */
  async digest(playerId: string, why: DigestReason): Promise<DeliveryFailure[]> {
    const { table, digests, email } = this.config;
    const player = await table.getPlayer(playerId);
    if (!digests || !email || !player?.email) return [];
    const daily = 'day' in why;
    if (daily && !(player.notifications.digest && player.notifications.email && player.notifications.events.yourTurn))
      return [];
    const { entries, waiting } = await this.dueGames(player);
    if (daily && !entries.length) return [];
    const now = (this.config.now ?? (() => new Date()))();
    const expires = new Date(now.getTime() + DIGEST_REPLY_HOURS * 3_600_000);
    const sheet = daily ? why.day : `r${randomBytes(5).readUIntBE(0, 5).toString(36)}`;
    const listed: SheetEntry[] = entries.map((e) => ({
      label: e.label,
      gameId: e.game.gameId,
      seat: e.game.seat,
      version: e.game.version,
    }));
    if (!(await digests.putSheet(player.id, sheet, listed, expires))) return [];
    const replyTo =
      this.config.replyDomain && entries.length
        ? digestReplyAddress(this.config.unsubscribeSecret, this.config.replyDomain, {
            playerId: player.id,
            sheet,
            expires,
          })
        : undefined;
    const language = player.language ?? 'en';
    // A digest with no game due composes no message, so its reader's words may not be loaded yet.
    await wordsFor(language);
    const mail = renderDigest(
      {
        language,
        playerName: shownName(player.name) ?? player.name,
        entries,
        waiting,
        answers: daily ? [] : why.answers,
        ...(replyTo ? { replyTo } : {}),
      },
      this.unsubscribeUrl(player),
    );
    const failures: DeliveryFailure[] = [];
    await this.sendMail(player, mail, replyTo, failures);
    return failures;
  }

  /** The games where it is the player's turn, as their turn emails would show them, labelled A, B, …; and how many more wait. */
  private async dueGames(player: PlayerRecord): Promise<{ entries: DigestEntry[]; waiting: number }> {
    const { table } = this.config;
    const memberships = await table.listMemberships(player.id);
    const summaries = await table.readSummaries(memberships.map((m) => m.gameId));
    const due = memberships.flatMap((m) => {
      const found = summaries.get(m.gameId);
      const latest = found?.latest;
      if (found?.meta.status !== 'active' || latest?.status !== 'active' || !latest.toAct.includes(m.seat)) return [];
      return [
        { gameId: m.gameId, seat: m.seat, deadline: latest.clocks?.[m.seat]?.deadline ?? null, joinedAt: m.joinedAt },
      ];
    });
    // Soonest deadline first; untimed games after, oldest first.
    due.sort(
      (a, b) => (a.deadline ?? '\uffff').localeCompare(b.deadline ?? '\uffff') || a.joinedAt.localeCompare(b.joinedAt),
    );
    const entries: DigestEntry[] = [];
    let waiting = 0;
    for (const d of due) {
      if (entries.length >= DIGEST_MAX_GAMES) {
        waiting++;
        continue;
      }
      const game = await table.readGame(d.gameId);
      const latest = game?.latest;
      if (!game || !latest || latest.forfeited.includes(d.seat)) continue;
      const t: Transition = {
        gameId: d.gameId,
        before: latest.toAct,
        after: latest.toAct,
        started: false,
        finished: false,
        version: latest.version,
      };
      const { replyTo: _single, ...n } = await this.message(
        game,
        { seat: d.seat, playerId: player.id, kind: 'yourTurn' },
        player,
        t,
        [],
        d.deadline ?? undefined,
      );
      entries.push({ label: String.fromCharCode(65 + entries.length), game: n });
    }
    return { entries, waiting };
  }

  /** Sends a message unless it was sent before (a redelivered stream record, a retried batch). */
  private async once(player: PlayerRecord, n: Notification, key: string): Promise<DeliveryFailure[]> {
    if (!(await this.config.deliveries.claim(n.gameId, player.id, key, new Date()))) return [];
    return this.toPlayer(player, n);
  }

  /** A message for one recipient, in their language: the game's title and the moves as its log words them. */
  private async message(
    { meta, latest }: GameRecord,
    r: Recipient,
    player: PlayerRecord,
    t: Transition,
    records: readonly EventRecord[],
    deadline: string | undefined,
  ): Promise<Notification> {
    const def = await this.config.registry.get(meta.game);
    const outcome =
      t.finished && def && latest
        ? outcomeWithForfeits(def.outcome(latest.state), meta.players, latest.forfeited)
        : null;
    const language = player.language ?? 'en';
    const words = await wordsFor(language);
    const seatNames = meta.seats.map((s) => shownName(s.name));
    const ui = webGame(meta.game)?.ui(words) ?? plainUi;
    const wording: ChangeWording = {
      describe: (event, seatName) => ui.describeEvent(event, def?.components, seatName),
      seatName: (seat) => seatNames[seat] ?? words('mail.seat', { n: seat + 1 }),
      more: (count) => words('mail.more', { count }),
    };
    return {
      kind: r.kind,
      language,
      gameId: meta.id,
      gameTitle: gameTitle(words, meta.game, def?.title),
      playerId: player.id,
      playerName: shownName(player.name) ?? wording.seatName(r.seat),
      seat: r.seat,
      toAct: [...t.after],
      seatNames,
      version: t.version,
      // The web client is served by the API at `/`, on the same public URL.
      link: `${this.config.publicUrl}/#/games/${meta.id}`,
      apiLink: `${this.config.publicUrl}/v1/games/${meta.id}`,
      ...(renderableGames.includes(meta.game)
        ? {
            boardLink: `${this.config.publicUrl}/v1/board-pictures/${signBoardLink(this.config.unsubscribeSecret, { gameId: meta.id, version: t.version })}${language === 'en' ? '' : `?lang=${language}`}`,
          }
        : {}),
      changes: changesFor(records, r.seat, wording),
      ...(deadline ? { deadline } : {}),
      ...(outcome
        ? {
            result: {
              places: outcome.ranking,
              scores: outcome.scores,
              ...(outcome.noWinner ? { noWinner: true as const } : {}),
            },
          }
        : {}),
      ...this.mailClient(def, { meta, latest }, r, ui, wording.seatName, words, deadline),
    };
  }

  /**
   * The turn email as a client: the position and, while replies are received and the
   * seat is due, the codes and the signed address a reply plays at.
   */
  private mailClient(
    def: AnyGame | undefined,
    game: GameRecord,
    r: Recipient,
    ui: GameUi,
    seatName: (seat: number) => string,
    words: Words,
    deadline: string | undefined,
  ): Pick<Notification, 'position' | 'replyTo'> {
    const latest = game.latest;
    if (!def || !latest || r.kind === 'chat' || r.kind === 'gameFinished' || !this.config.replyDomain) return {};
    const position = positionOf(def, game, r.seat, ui, seatName, words);
    if (!position) return {};
    if (!position.choices.length) return { position };
    const now = (this.config.now ?? (() => new Date()))();
    const expires = deadline ? new Date(deadline) : new Date(now.getTime() + UNTIMED_REPLY_DAYS * 24 * 3600 * 1000);
    const replyTo = replyAddress(
      this.config.unsubscribeSecret,
      this.config.replyDomain,
      { gameId: game.meta.id, seat: r.seat, version: latest.version, expires },
      r.playerId,
    );
    return { position, replyTo };
  }

  /** One delivery, counted; a failure is added to `failures`, never thrown. */
  private async attempt(
    player: PlayerRecord,
    channel: DeliveryFailure['channel'],
    send: () => Promise<void>,
    failures: DeliveryFailure[],
  ): Promise<void> {
    const metrics = this.config.metrics ?? noMetrics;
    try {
      await send();
      metrics.count('Notifications', { channel, outcome: 'sent' });
    } catch (err) {
      metrics.count('Notifications', { channel, outcome: 'failed' });
      failures.push({ playerId: player.id, channel, error: (err as Error).message });
      this.config.log(`notify: ${channel} to ${player.id} failed: ${(err as Error).message}`);
    }
  }

  private async attemptEmail(player: PlayerRecord, n: Notification, failures: DeliveryFailure[]): Promise<void> {
    await this.sendMail(player, renderEmail(n, this.unsubscribeUrl(player)), n.replyTo, failures);
  }

  private unsubscribeUrl(player: PlayerRecord): string {
    const token = signUnsubscribe(this.config.unsubscribeSecret, { playerId: player.id, channel: 'email' });
    return `${this.config.publicUrl}/v1/unsubscribe?token=${encodeURIComponent(token)}`;
  }

  private async sendMail(
    player: PlayerRecord,
    mail: RenderedEmail,
    replyTo: string | undefined,
    failures: DeliveryFailure[],
  ): Promise<void> {
    const { email } = this.config;
    const to = player.email;
    if (!email || !to) return;
    await this.attempt(player, 'email', () => email.send({ to, ...mail, ...(replyTo ? { replyTo } : {}) }), failures);
  }

  private async toPlayer(player: PlayerRecord, n: Notification): Promise<DeliveryFailure[]> {
    const failures: DeliveryFailure[] = [];
    const attempt = (channel: DeliveryFailure['channel'], send: () => Promise<void>) =>
      this.attempt(player, channel, send, failures);
    const { table, vapid } = this.config;
    const outbound = this.config.outbound ?? strictOutbound;
    if (wants(player, n.kind).email) await this.attemptEmail(player, n, failures);
    if (vapid) {
      for (const sub of await table.pushSubscriptions.list(player.id)) {
        await attempt('push', async () => {
          const { gone } = await sendPush(sub.subscription, pushPayload(n), vapid, { topic: n.gameId, outbound });
          if (gone) await table.pushSubscriptions.delete(player.id, sub.id);
        });
      }
    }
    for (const hook of await table.webhooks.list(player.id)) {
      if (!hook.events.includes(n.kind)) continue;
      await attempt('webhook', async () => {
        const { status, gone } = await deliverWebhook({ url: hook.url, secret: hook.secret }, webhookPayload(n), {
          outbound,
        });
        if (gone) await table.webhooks.delete(player.id, hook.id);
        else if (status >= 500 || status === 429) throw new Error(`webhook answered ${status}`);
      });
    }
    return failures;
  }
}
