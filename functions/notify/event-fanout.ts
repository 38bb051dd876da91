/**
 * Posts a game's events on the sockets of its people and of its watchers, each socket once per
 * event, and removes a socket the far end has left. The same code posts through the local
 * server's sockets and, in AWS, through API Gateway's connections (stream-sender.ts).
 */
import type { ChatRecord, GameRecord } from '../domain/game.js';
import type { ConnectionStore } from '../store/ports/connections.js';
import { endedBy, type EndedCredentials, type StreamSender } from '../service/streams.js';
import type { GameTransition } from '../service/transition.js';
import type { ChallengeNotice } from '../service/challenges.js';
import type { StreamEvent } from '../domain/stream.js';
import { chatEvents, reminderEvents, rematchEvents, transitionEvents, type GameEvents } from './account-events.js';

export interface FanoutDeps {
  connections: ConnectionStore;
  sender: StreamSender;
  /** The game, for what comes without it (a chat message, a reminder, a rematch offer made on the request path). */
  readGame: (gameId: string) => Promise<GameRecord | null>;
  now: () => Date;
  log: (line: string) => void;
}

export class EventFanout {
  /** Posting in the order things happened: one game's events never overtake each other. */
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly d: FanoutDeps) {}

  private at = () => this.d.now().toISOString();

  transition(t: GameTransition): Promise<void> {
    return this.post(() => transitionEvents(t, this.at()));
  }

  chat(m: ChatRecord, known?: GameRecord | null): Promise<void> {
    return this.postOf(m.gameId, known, (game) => chatEvents(m, game, this.at()));
  }

  reminder(r: { gameId: string; seat: number; deadline: string }, known?: GameRecord | null): Promise<void> {
    return this.postOf(r.gameId, known, (game) => reminderEvents(r, game, this.at()));
  }

  rematchOffered(gameId: string, known?: GameRecord | null): Promise<void> {
    return this.postOf(gameId, known, (game) => rematchEvents(game, this.at()));
  }

  /** A challenge made to the player, or theirs answered (RP-CHALLENGE-6): its id and status, to their sockets. */
  challenge({ to, challenge }: ChallengeNotice): Promise<void> {
    const event: StreamEvent = { kind: 'challenge', challenge: challenge.id, status: challenge.status, at: this.at() };
    return this.enqueue(async () => {
      await this.tell([{ playerId: to, event }]);
    });
  }

  /** Closes the player's sockets whose credential has ended (a revoked token, a sign-out, a deleted account). */
  closeEnded(playerId: string, ended: EndedCredentials): Promise<void> {
    return this.enqueue(async () => {
      const open = await this.d.connections.ofPlayer(playerId, this.d.now());
      for (const c of open.filter((c) => endedBy(c, ended))) {
        await this.d.connections.close(c.id);
        await this.d.sender.close(c.id);
      }
    });
  }

  /** When everything handed over so far has been posted. */
  idle(): Promise<void> {
    return this.queue;
  }

  private post(events: () => GameEvents): Promise<void> {
    return this.enqueue(() => this.deliver(events()));
  }

  /** Events of a game as the caller has it already, or as one read finds it (none for a game gone). */
  private postOf(gameId: string, known: GameRecord | null | undefined, events: (game: GameRecord) => GameEvents) {
    return this.enqueue(async () => {
      const game = known === undefined ? await this.d.readGame(gameId) : known;
      if (game) await this.deliver(events(game));
    });
  }

  private enqueue(work: () => Promise<void>): Promise<void> {
    const done = this.queue.then(work).catch((err: unknown) => this.d.log(`event stream: ${(err as Error).message}`));
    this.queue = done;
    return done;
  }

  private async deliver({ gameId, toPeople, toWatchers }: GameEvents): Promise<void> {
    const posted = await this.tell(toPeople);
    if (toWatchers.length === 0) return;
    for (const id of await this.d.connections.watchersOf(gameId, this.d.now()))
      if (!posted.has(id)) await this.send(id, toWatchers);
  }

  /** Posts each person's events on their sockets; the sockets posted to. */
  private async tell(toPeople: readonly { playerId: string; event: StreamEvent }[]): Promise<Set<string>> {
    const now = this.d.now();
    const posted = new Set<string>();
    const byPlayer = new Map<string, StreamEvent[]>();
    for (const { playerId, event } of toPeople) byPlayer.set(playerId, [...(byPlayer.get(playerId) ?? []), event]);
    for (const [playerId, events] of byPlayer) {
      for (const c of await this.d.connections.ofPlayer(playerId, now)) {
        posted.add(c.id);
        await this.send(c.id, events);
      }
    }
    return posted;
  }

  private async send(connectionId: string, events: readonly StreamEvent[]): Promise<void> {
    for (const event of events) {
      if ((await this.d.sender.post(connectionId, { type: 'event', ...event })) === 'gone') {
        await this.d.connections.close(connectionId);
        return;
      }
    }
  }
}
