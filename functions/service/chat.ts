import { randomBytes } from 'node:crypto';
import type { ChatStore } from '../store/ports/chats.js';
import type { GameLog } from '../store/ports/game-log.js';
import type { ChatRecord } from '../domain/game.js';
import type { PlayerRecord } from '../domain/player.js';
import { DEFAULT_LIMITS, type Caps } from './limits.js';
import { ok, problems, refused, type Result } from './refusal.js';
import { cleanText } from './text.js';
import { seatOf } from './visibility.js';

export const MAX_CHAT_LENGTH = 1000;

/**
 * Table talk: open and non-binding. Seated players write (a seat that forfeited only once the game
 * has ended); everybody who may look at the game (seats and spectators) reads. Each message remembers the game's version, so clients can show
 * it in its place among the log's entries.
 */
export class Chat {
  constructor(
    private readonly games: GameLog,
    private readonly chats: ChatStore,
    private readonly now: () => Date,
    private readonly onChat: (m: ChatRecord) => void = () => {},
    private readonly caps: Caps = DEFAULT_LIMITS.caps,
  ) {}

  async post(player: PlayerRecord, gameId: string, raw: string): Promise<Result<ChatRecord>> {
    const game = await this.games.readGame(gameId);
    if (!game) return refused(problems.notFound('Game'));
    const { meta, latest } = game;
    const seat = seatOf(meta, player.id);
    if (seat === null) return refused(problems.forbidden('not_seated', 'Only seated players write in a game’s chat'));
    // Table talk is among those still playing: one who is out could tell the table what the bot now holds.
    const running = meta.status === 'active' && latest?.status !== 'finished';
    if (running && latest?.forfeited.includes(seat))
      return refused(
        problems.forbidden(
          'forfeited',
          'You forfeited this game: you read its chat, but write again only once it has ended',
        ),
      );
    const text = cleanText(raw, 'keep');
    if (text.length === 0) return refused(problems.badRequest('empty_message', 'The message is empty'));
    const cap = this.caps.chatMessagesPerGame;
    if (!(await this.chats.countMessage(gameId, player.id, cap))) {
      return refused(
        problems.conflict('chat_full', `You have written ${cap} messages in this game, as many as one player may`, {
          limit: cap,
        }),
      );
    }
    const at = this.now();
    const version = latest?.version ?? 0;
    // Sorts by version, then time; the random tail keeps two messages of one millisecond apart.
    const id = `${String(version).padStart(10, '0')}-${at.getTime().toString(36).padStart(9, '0')}-${randomBytes(4).toString('hex')}`;
    const message: ChatRecord = {
      gameId,
      id,
      seat,
      playerId: player.id,
      name: player.name,
      text,
      at: at.toISOString(),
      version,
    };
    await this.chats.put(message);
    this.onChat(message);
    return ok(message);
  }

  async list(gameId: string, after: string | undefined, limit: number): Promise<Result<ChatRecord[]>> {
    if (!(await this.games.readGame(gameId))) return refused(problems.notFound('Game'));
    return ok(await this.chats.list(gameId, after, limit));
  }
}
