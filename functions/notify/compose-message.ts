/**
 * The message one recipient gets about a game, in their language: its title, the moves as the
 * game's log words them, the result at the end, and, in a turn email one can answer, the position
 * with its choices and the signed address a reply plays at.
 */
import type { AnyGame } from '../../engine/core/index.js';
import { outcomeWithForfeits } from '../service/forfeit.js';
import type { EventRecord, GameRecord } from '../domain/game.js';
import type { PlayerRecord } from '../domain/player.js';
import type { GameUi } from '../../presentation/game-ui.js';
import { gameWords } from '../../presentation/game-words.js';
import { renderableGames } from '../../presentation/index.js';
import { signBoardLink } from './board-link.js';
import { changesFor, shownName, type ChangeWording } from './changes.js';
import type { Notification } from './message.js';
import { nowOf, type NotifierConfig } from './notifier-config.js';
import { positionOf } from './position.js';
import type { Recipient, Transition } from './recipients.js';
import { replyAddress, UNTIMED_REPLY_DAYS } from './reply-address.js';
import { gameTitle, wordsFor } from './wording.js';

/** A message for one recipient, in their language: the game's title and the moves as its log words them. */
export async function composeMessage(
  config: NotifierConfig,
  { meta, latest }: GameRecord,
  r: Recipient,
  player: PlayerRecord,
  t: Transition,
  records: readonly EventRecord[],
  deadline: string | undefined,
): Promise<Notification> {
  const def = await config.registry.get(meta.game);
  const outcome =
    t.finished && def && latest ? outcomeWithForfeits(def.outcome(latest.state), meta.players, latest.forfeited) : null;
  const language = player.language ?? 'en';
  const words = await wordsFor(language);
  const seatNames = meta.seats.map((s) => shownName(s.name));
  const ui = gameWords(meta.game, words);
  const wording: ChangeWording = {
    describe: (event, seatName) => ui.describeEvent(event, def?.components, seatName),
    seatName: (seat) => seatNames[seat] ?? words('mail.seat', { n: seat + 1 }),
    more: (count) => words('mail.more', { count }),
  };
  return {
    kind: r.kind,
    language,
    gameId: meta.id,
    game: meta.game,
    gameTitle: gameTitle(words, meta.game, def?.title),
    playerId: player.id,
    playerName: shownName(player.name) ?? wording.seatName(r.seat),
    seat: r.seat,
    toAct: [...t.after],
    seatNames,
    version: t.version,
    // The web client is served by the API at `/`, on the same public URL.
    link: `${config.publicUrl}/#/games/${meta.id}`,
    apiLink: `${config.publicUrl}/v1/games/${meta.id}`,
    ...(renderableGames.includes(meta.game)
      ? {
          boardLink: `${config.publicUrl}/v1/board-pictures/${signBoardLink(config.unsubscribeSecret, { gameId: meta.id, version: t.version })}${language === 'en' ? '' : `?lang=${language}`}`,
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
    ...mailClient(config, def, { meta, latest }, r, ui, wording.seatName, deadline),
  };
}

/**
 * The turn email as a client: the position and, while replies are received and the
 * seat is due, the codes and the signed address a reply plays at.
 */
function mailClient(
  config: NotifierConfig,
  def: AnyGame | undefined,
  game: GameRecord,
  r: Recipient,
  ui: GameUi,
  seatName: (seat: number) => string,
  deadline: string | undefined,
): Pick<Notification, 'position' | 'replyTo'> {
  const latest = game.latest;
  if (!def || !latest || r.kind === 'chat' || r.kind === 'gameFinished' || !config.replyDomain) return {};
  const position = positionOf(def, game, r.seat, ui, seatName);
  if (!position) return {};
  if (!position.choices.length) return { position };
  const expires = deadline
    ? new Date(deadline)
    : new Date(nowOf(config).getTime() + UNTIMED_REPLY_DAYS * 24 * 3600 * 1000);
  const replyTo = replyAddress(
    config.unsubscribeSecret,
    config.replyDomain,
    { gameId: game.meta.id, seat: r.seat, version: latest.version, expires },
    r.playerId,
  );
  return { position, replyTo };
}
