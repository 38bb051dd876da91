/**
 * What the game page shows, as the API gives it: the game's summary, its catalogue entry, the live
 * view, the log and the chat, kept up by the account's event stream (an event about this game reads
 * what it concerns) and, while the stream is down, by the poll loop. A new version on screen
 * remembers the one shown before it, whose later moves by the other seats get marked.
 */
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import {
  allChat,
  api,
  dataOf,
  pollGame,
  type CatalogGame,
  type ChatMessage,
  type Game,
  type LogEntry,
  type ViewReply,
} from '../api.js';
import { catalogGame } from '../catalog.js';
import { coalesced, listen } from '../event-stream.js';
import type { StreamEvent } from '../stream-messages.js';
import { seenVersion } from './moves.js';
import { usePollLoop } from './poll-loop.js';

/** The log's largest page (the API's limit): a full page means there may be more. */
const LOG_PAGE = 1000;

interface Hooks {
  /** A new live view is on screen (a place picked on the old one means nothing now). */
  onNewView: () => void;
  /** The first read failed. */
  onError: (err: unknown) => void;
}

export function useGameFeed(id: string, { onNewView, onError }: Hooks) {
  const [game, setGame] = useState<Game | null>(null);
  const [info, setInfo] = useState<CatalogGame | null>(null);
  const [live, setLive] = useState<ViewReply | null>(null);
  const [log, setLog] = useState<LogEntry[]>([]);
  const [chat, setChat] = useState<ChatMessage[]>([]);
  /** The version shown before the current one: the other seats' moves after it are marked on the board. */
  const [since, setSince] = useState<number | null>(null);
  const shownBefore = useRef<number | null>(seenVersion.get(id));
  const version = useRef(-1);
  const status = useRef<Game['status'] | null>(null);
  const lastMessage = useRef<string | null>(null);
  /** The log as far as it was read: its entries and the version they reach. */
  const logSeen = useRef<{ entries: LogEntry[]; version: number; finished: boolean }>({
    entries: [],
    version: 0,
    finished: false,
  });

  const show = (v: ViewReply) => {
    version.current = v.version;
    if (v.version !== shownBefore.current) {
      setSince(shownBefore.current);
      shownBefore.current = v.version;
      seenVersion.set(id, v.version);
    }
    setLive(v);
    onNewView();
  };

  /**
   * The entries after the ones read so far (`log?after=`); all of them again once the game has
   * ended, when every action becomes visible.
   */
  const readLog = useCallback(
    async (finished: boolean): Promise<LogEntry[]> => {
      const seen =
        finished && !logSeen.current.finished
          ? { entries: [], version: 0, finished }
          : { ...logSeen.current, finished };
      let entries = seen.entries;
      for (let after = seen.version; ;) {
        const page = dataOf(await api.GET('/v1/games/{id}/log', { params: { path: { id }, query: { after } } }));
        entries = [...entries, ...page.entries];
        after = page.entries.at(-1)?.version ?? after;
        if (page.entries.length < LOG_PAGE) break;
      }
      logSeen.current = { entries, version: entries.at(-1)?.version ?? 0, finished };
      return entries;
    },
    [id],
  );

  /** Shows the chat read; true when its newest message is new. */
  const showChat = (messages: ChatMessage[]): boolean => {
    // The whole chat each time: a message can land after a later one was read (their ids sort by when they were written).
    const newest = messages.at(-1)?.id ?? null;
    const changed = newest !== lastMessage.current;
    lastMessage.current = newest;
    setChat(messages);
    return changed;
  };

  /** True when anything new came: the game (its ETag changed) or, with `withChat`, the chat. */
  const read = useCallback(
    async (withChat: boolean): Promise<boolean> => {
      const { body: g, changed: gameChanged } = await pollGame(id);
      setGame(g);
      status.current = g.status;
      if (g.status === 'open') return gameChanged;
      const changed = g.version !== version.current;
      const [messages, v, entries] = await Promise.all([
        withChat ? allChat(id) : null,
        changed ? api.GET('/v1/games/{id}/view', { params: { path: { id } } }).then(dataOf) : null,
        changed ? readLog(g.status === 'finished') : null,
        catalogGame(g.game).then(setInfo),
      ]);
      const chatChanged = messages ? showChat(messages) : false;
      if (!v || !entries) return gameChanged || chatChanged;
      show(v);
      setLog(entries);
      return true;
    },
    [id, readLog],
  );
  const refresh = useCallback(() => read(true), [read]);

  const streaming = useRef(false);
  // A game waiting for players is polled whatever the stream does; any other may have moved or been
  // written about while the stream was down (before the first read answers, that read tells).
  const behind = () => status.current !== null && status.current !== 'open';
  const poll = usePollLoop({ refresh, status, streaming, onError });
  useStreamedGame(id, {
    since: () => version.current,
    onState: (up) => {
      streaming.current = up;
      if (!up) poll.now();
      else if (behind()) poll.soon();
    },
    behind,
    readGame: () => read(false),
    readChat: async () => showChat(await allChat(id)),
    shown: (e) => (e.kind === 'move' || e.kind === 'yourTurn') && e.version <= version.current,
  });

  return {
    game,
    info,
    live,
    log,
    chat,
    since,
    refresh,
    /** The view a move answered: shown, then the summary and the log read, and the others' answer polled for soon. */
    moved: async (next: ViewReply) => {
      show(next);
      const { body: g } = await pollGame(id);
      setGame(g);
      setLog(await readLog(g.status === 'finished'));
      poll.soon();
    },
    /** The summary a finishing choice answered (a resign, a take-back…): everything read again. */
    changed: async (g: Game) => {
      setGame(g);
      await refresh();
      poll.soon();
    },
    chatSent: (m: ChatMessage) => setChat((c) => [...c, m]),
  };
}

interface GameStream {
  since: () => number;
  onState: (up: boolean) => void;
  /** The stream just came up: the game may have changed unseen meanwhile. */
  behind: () => boolean;
  readGame: () => Promise<unknown>;
  readChat: () => Promise<unknown>;
  /** The event tells of a version already on screen (the player's own move, told back). */
  shown: (event: StreamEvent) => boolean;
}

/** The game's events, each read once whatever arrives meanwhile: the chat for a message, the game for the rest. */
function useStreamedGame(id: string, stream: GameStream): void {
  const current = useRef(stream);
  current.current = stream;
  useEffect(() => {
    const game = coalesced(() => current.current.readGame());
    const chat = coalesced(() => current.current.readChat());
    return listen({
      game: id,
      since: () => current.current.since(),
      onState: (up) => {
        current.current.onState(up);
        if (up && current.current.behind()) {
          game();
          chat();
        }
      },
      onEvent: (e) => {
        if (e.kind === 'chat') chat();
        else if (e.kind !== 'reminder' && e.kind !== 'seekMatched' && !current.current.shown(e)) game();
      },
    });
  }, [id]);
}
