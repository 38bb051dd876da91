import type { TFunction } from 'i18next';
import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { BoardPreview } from '../../../presentation/board-options.js';
import { renderBoard } from '../../../presentation/index.js';
import type { GameUi } from '../../../presentation/game-ui.js';
import { allChat, api, ApiError, dataOf, idempotencyKey, pollGame, waitForMove, type Action, type CatalogGame, type ChatMessage, type Game, type LogEntry, type PlatformEvent, type ViewReply } from '../api.js';
import { catalogGame, gameTitle } from '../catalog.js';
import { gameTable, gameUi } from '../game-uis.js';
import { asTranslate, currentLocale, useT } from '../i18n.js';
import { problemText } from '../problems.js';
import { deadlineText } from '../time.js';
import { profileHref } from '../results.js';
import { useTitle } from '../title.js';
import { Board, type Located } from '../game/board.js';
import { Breakdown, Ending, Revealed, Sections } from '../game/end.js';
import { entryTargets, recentTargets, seenVersion } from '../game/moves.js';
import { ErrorLine, SeatMark } from '../widgets.js';
import { FinishPanel } from './finish-panel.js';
import { botMark, levelName } from '../bot-levels.js';

/** Play-by-mail: a slow poll is enough; while nothing changes it slows down further, to POLL_MAX_MS. */
const POLL_MS = 5000;
const POLL_MAX_MS = 60_000;
/** The log's largest page (the API's limit): a full page means there may be more. */
const LOG_PAGE = 1000;

/** Legal actions a click on board place `key` may mean. */
export function actionsAt(ui: GameUi, legal: readonly Action[], key: string): Action[] {
  return legal.filter((a) => ui.targets(a).includes(key));
}

/** `replay`: open at version 0, the replay's start (links from finished games' lists). */
export function GamePage({ id, replay = false }: { id: string; replay?: boolean }) {
  const t = useT();
  const [game, setGame] = useState<Game | null>(null);
  const [info, setInfo] = useState<CatalogGame | null>(null);
  const [live, setLive] = useState<ViewReply | null>(null);
  const [past, setPast] = useState<ViewReply | null>(null);
  const [replayAt, setReplayAt] = useState<number | null>(replay ? 0 : null);
  const [log, setLog] = useState<LogEntry[]>([]);
  const [chat, setChat] = useState<ChatMessage[]>([]);
  const [picked, setPicked] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Per-game table: its step narrows what glows; the places it marks (a ticket's cities).
  const [tableMode, setTableMode] = useState<string | null>(null);
  const [marks, setMarks] = useState<readonly string[]>([]);
  const [located, setLocated] = useState<Located | null>(null);
  /** The version shown before the current one: the other seats' moves after it are marked on the board. */
  const [since, setSince] = useState<number | null>(null);
  const shownBefore = useRef<number | null>(seenVersion.get(id));
  const [preview, setPreview] = useState<BoardPreview | null>(null);
  const version = useRef(-1);
  /** The game's status as last read: a running game is waited on, others polled. */
  const status = useRef<Game['status'] | null>(null);
  const lastMessage = useRef<string | null>(null);
  /** Polls again soon (the player just moved: the others, or the bots, answer next). */
  const pollSoon = useRef<() => void>(() => undefined);
  /** The log as far as it was read: its entries and the version they reach. */
  const logSeen = useRef<{ entries: LogEntry[]; version: number; finished: boolean }>({ entries: [], version: 0, finished: false });

  /** A new version on screen: what came after the one shown before it gets marked. */
  const shownNow = (v: number) => {
    if (v === shownBefore.current) return;
    setSince(shownBefore.current);
    shownBefore.current = v;
    seenVersion.set(id, v);
  };

  const fail = (err: unknown) => setError(err instanceof ApiError ? `${problemText(t, err)} (${err.code})` : problemText(t, err));

  /**
   * The entries after the ones read so far (`log?after=`); all of them again once the game has
   * ended, when every action becomes visible.
   */
  const readLog = useCallback(
    async (finished: boolean): Promise<LogEntry[]> => {
      const seen = finished && !logSeen.current.finished ? { entries: [], version: 0, finished } : { ...logSeen.current, finished };
      let entries = seen.entries;
      for (let after = seen.version; ; ) {
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

  /** True when anything new came: the game (its ETag changed) or the chat. */
  const refresh = useCallback(async (): Promise<boolean> => {
    const { body: g, changed: gameChanged } = await pollGame(id);
    setGame(g);
    status.current = g.status;
    if (g.status === 'open') return gameChanged;
    const changed = g.version !== version.current;
    const [messages, v, entries] = await Promise.all([
      allChat(id),
      changed ? api.GET('/v1/games/{id}/view', { params: { path: { id } } }).then(dataOf) : null,
      changed ? readLog(g.status === 'finished') : null,
      catalogGame(g.game).then(setInfo),
    ]);
    // The whole chat each time: a message can land after a later one was read (their ids sort by when they were written).
    const newest = messages.at(-1)?.id ?? null;
    const chatChanged = newest !== lastMessage.current;
    lastMessage.current = newest;
    setChat(messages);
    if (!v || !entries) return gameChanged || chatChanged;
    version.current = v.version;
    shownNow(v.version);
    setLive(v);
    setLog(entries);
    setPicked(null);
    return true;
  }, [id, readLog]);

  useEffect(() => {
    // Polls while the tab is visible, each time later while nothing changes; a change, or the tab shown again, starts over.
    let delay = POLL_MS;
    let timer: ReturnType<typeof setTimeout> | undefined;
    /** The hold under way on a running game (at most one: a new one replaces it). */
    let holding: AbortController | null = null;
    const next = () => {
      holding?.abort();
      holding = null;
      if (status.current !== 'active' || document.visibilityState !== 'visible') {
        timer = setTimeout(tick, delay);
        return;
      }
      // A running game in view: the API holds the request until somebody moves, then the page reads again.
      const hold = (holding = new AbortController());
      void waitForMove(id, version.current, hold.signal).then(
        () => {
          if (!hold.signal.aborted) tick();
        },
        () => {
          if (!hold.signal.aborted) timer = setTimeout(tick, delay);
        },
      );
    };
    const tick = () => {
      if (document.visibilityState !== 'visible') return next();
      void refresh().then(
        (changed) => {
          delay = changed ? POLL_MS : Math.min(POLL_MAX_MS, delay * 2);
          next();
        },
        () => {
          // Not a hold after a failed read: the version the hold would ask past may be long reached.
          delay = Math.min(POLL_MAX_MS, delay * 2);
          timer = setTimeout(tick, delay);
        },
      );
    };
    const shown = () => {
      if (document.visibilityState !== 'visible') return;
      clearTimeout(timer);
      delay = POLL_MS;
      tick();
    };
    pollSoon.current = () => {
      clearTimeout(timer);
      delay = POLL_MS;
      next();
    };
    void refresh().then(next, (err: unknown) => {
      fail(err);
      timer = setTimeout(tick, delay);
    });
    document.addEventListener('visibilitychange', shown);
    return () => {
      clearTimeout(timer);
      holding?.abort();
      document.removeEventListener('visibilitychange', shown);
    };
  }, [refresh]);

  useEffect(() => {
    if (replayAt === null) return setPast(null);
    const timer = setTimeout(() => void api.GET('/v1/games/{id}/view', { params: { path: { id }, query: { version: replayAt } } }).then(dataOf).then(setPast, fail), 150);
    return () => clearTimeout(timer);
  }, [replayAt, id]);

  const ui = useMemo(() => gameUi(game?.game ?? '', asTranslate(t)), [game?.game, t]);
  const Table = gameTable(game?.game ?? '');
  const shown = replayAt !== null ? past : live;
  const legal = replayAt === null ? (live?.legalActions ?? []) : [];
  const names = (game?.seats ?? []).map((s, i) => s.name ?? (s.bot ? t('game.botName', { n: i + 1 }) : t('game.seatName', { n: i + 1 })));
  const seatName = (seat: number) => names[seat] ?? t('game.seatName', { n: seat + 1 });
  const namesKey = names.join('\n');
  // Drawing is the page's heaviest work: redone when the view, components or names change, not on every poll.
  const svg = useMemo(
    () => (game && info && shown ? renderBoard(game.game, info.components, shown.view, { t: asTranslate(t), seatNames: names, table: Table !== undefined, preview }) : null),
    [game?.game, info, shown, namesKey, preview, t],
  );
  const targetKeys = useMemo(() => new Set(ui.glowing ? ui.glowing(legal, tableMode, shown?.view) : legal.flatMap((a) => ui.targets(a))), [legal, ui, tableMode, shown]);
  const recent = useMemo(() => (replayAt === null ? recentTargets(ui, log, since, game?.yourSeat) : new Map<string, number[]>()), [ui, log, since, game?.yourSeat, replayAt]);
  // A game's table holds places too (Ticket to Ride's market and piles): the other seats' last moves there are marked like those on the board.
  const sideRef = useRef<HTMLElement>(null);
  useEffect(() => {
    for (const el of sideRef.current?.querySelectorAll<HTMLElement>('[data-target]') ?? []) {
      const seats = recent.get(el.dataset.target ?? '');
      el.classList.toggle('recent', seats !== undefined);
      if (seats) el.dataset.recent = t('game.lastMoveOf', { names: seats.map(seatName).join(', ') });
      else delete el.dataset.recent;
    }
  });
  const title = game ? gameTitle(t, game.game, info?.title) : null;
  useTitle(title);

  const act = async (action: Action) => {
    if (!live) return;
    setBusy(true);
    setError(null);
    try {
      const next = dataOf(await api.POST('/v1/games/{id}/actions', { params: { path: { id }, header: idempotencyKey() }, body: { action, expectedVersion: live.version } }));
      version.current = next.version;
      shownNow(next.version);
      setLive(next);
      setPicked(null);
      const { body: g } = await pollGame(id);
      setGame(g);
      setLog(await readLog(g.status === 'finished'));
      pollSoon.current();
    } catch (err) {
      fail(err);
      if (err instanceof ApiError && err.code === 'stale_version') await refresh();
    } finally {
      setBusy(false);
    }
  };

  if (!game) return <ErrorLine error={error} />;
  if (game.status === 'open') return <WaitingRoom game={game} seatName={seatName} t={t} />;

  /** The actions a tap on `key` means, narrowed by the table's step where the game's table has one (the dice picked). */
  const tapped = (key: string): Action[] => {
    const here = actionsAt(ui, legal, key);
    return ui.tapChoices ? ui.tapChoices(here, tableMode, live?.view) : here;
  };
  const choices = picked ? tapped(picked).filter((a) => !ui.onTable?.(a)) : [];
  const offBoard = legal.filter((a) => ui.targets(a).length === 0 && !ui.onTable?.(a));
  const pick = (key: string) => {
    setError(null);
    const here = tapped(key);
    if (here.length === 0) setError(t('game.nothingThere'));
    else if (here.length === 1 && ui.tapActs) void act(here[0]!);
    else setPicked(key);
  };
  const myTurn = game.yourSeat !== undefined && game.toAct.includes(game.yourSeat);
  return (
    <div class="game">
      <section class="board-area">
        <h1>{title}</h1>
        <p class="turn">
          {game.status === 'aborted' ? t('finish.aborted') : game.status === 'finished' ? t('game.over') : myTurn ? <strong>{t('game.yourTurn')}</strong> : game.toAct.length > 0 ? t('game.waitingFor', { names: game.toAct.map(seatName).join(', ') }) : t('game.waitingForNobody')}{' '}
          {myTurn && live?.deadline && <span class="deadline">{t('game.deadline', { when: deadlineText(t, currentLocale(), live.deadline) })}</span>}
        </p>
        {game.yourSeat === undefined && <p class="spectating">{t('game.spectating')}</p>}
        {game.outcome && <Ending game={game} outcome={game.outcome} seatName={seatName} t={t} onReplay={() => setReplayAt(0)} />}
        {info && shown && (
          <Board
            svg={svg}
            t={t}
            targets={targetKeys}
            picked={picked}
            recent={recent}
            located={located}
            seatName={seatName}
            describePlace={(key) => {
              const here = actionsAt(ui, legal, key).map((a) => ui.describeAction(a, info.components, live?.view));
              return here.length > 1 ? t('game.placeActions', { count: here.length, first: here[0]! }) : (here[0] ?? key);
            }}
            marks={marks}
            onPick={pick}
          />
        )}
        <Replay version={game.version} at={replayAt} onChange={setReplayAt} t={t} />
        {game.outcome && <Breakdown outcome={game.outcome} seatName={seatName} t={t} />}
        {game.status === 'finished' && live && (
          <Revealed ui={ui} view={live.view} components={info?.components} seats={game.seats.map((s) => s.seat).filter((s) => s !== game.yourSeat)} seatName={seatName} t={t} />
        )}
      </section>
      <aside class="side" ref={sideRef}>
        <ErrorLine error={error} />
        {Table && info && shown && (
          <div id="table">
            <Table
              t={t}
              ui={ui}
              view={shown.view}
              components={info.components}
              legal={legal}
              busy={busy}
              picked={picked}
              mode={tableMode}
              onMode={setTableMode}
              actionsAt={(key) => actionsAt(ui, legal, key)}
              onPick={pick}
              onAct={(a) => void act(a)}
              onMarks={setMarks}
              onPreview={setPreview}
            />
          </div>
        )}
        {legal.length > 0 && (
          <section class="actions" id="actions" aria-label={t('game.yourMove')}>
            <h2>{t('game.yourMove')}</h2>
            {choices.length > 0 && (
              <div class="choices">
                <p>{t('game.chooseOne', { place: ui.placeName?.(picked!, info?.components) ?? picked })}</p>
                {choices.map((a, i) => (
                  <button key={i} disabled={busy} onClick={() => void act(a)}>
                    {ui.describeAction(a, info?.components, live?.view)}
                  </button>
                ))}
                <button class="secondary" onClick={() => setPicked(null)}>
                  {t('common.cancel')}
                </button>
              </div>
            )}
            {offBoard.length > 0 && (
              <div class="choices">
                {offBoard.map((a, i) => (
                  <button key={i} disabled={busy} onClick={() => void act(a)}>
                    {ui.describeAction(a, info?.components, live?.view)}
                  </button>
                ))}
              </div>
            )}
            {offBoard.length < legal.length && <p class="hint">{t('game.boardHint')}</p>}
            <AllActions t={t} legal={legal} describe={(a) => ui.describeAction(a, info?.components, live?.view)} busy={busy} onAct={(a) => void act(a)} />
          </section>
        )}
        <FinishPanel
          game={game}
          seatName={seatName}
          t={t}
          onChanged={async (g) => {
            setError(null);
            setGame(g);
            await refresh();
            pollSoon.current();
          }}
          onError={fail}
        />
        <Seats game={game} seatName={seatName} t={t} />
        {shown && (!Table || game.status === 'finished') && <PrivatePanel ui={ui} view={shown.view} components={info?.components} seat={game.status === 'finished' ? game.yourSeat : undefined} t={t} />}
        <Log entries={log} ui={ui} components={info?.components} seatName={seatName} t={t} onLocate={(keys) => setLocated((l) => ({ keys, n: (l?.n ?? 0) + 1 }))} />
        <Chat t={t} id={id} messages={chat} canWrite={game.yourSeat !== undefined} onSent={(m) => setChat((c) => [...c, m])} />
      </aside>
      <JumpBar t={t} move={legal.length > 0} seated={game.yourSeat !== undefined} hand={Table ? 'table' : 'private'} />
    </div>
  );
}

/** On a phone the page is one long column: a bar at the bottom reaches its parts without scrolling for them (a spectator has no hand). */
/** `hand`: the element holding the player's own things (the game's table, or the private panel). */
function JumpBar({ t, move, seated, hand }: { t: TFunction; move: boolean; seated: boolean; hand: string }) {
  const go = (id: string) => document.getElementById(id)?.scrollIntoView({ block: 'start' });
  const parts = [['board', t('game.jump.board')], ...(move ? [['actions', t('game.jump.move')]] : []), ...(seated ? [[hand, t('game.jump.hand')]] : []), ['log', t('game.jump.log')]] as const;
  return (
    <nav class="jump" aria-label={t('game.jump.label')}>
      {parts.map(([id, words]) => (
        <button key={id} class="secondary" onClick={() => go(id)}>
          {words}
        </button>
      ))}
    </nav>
  );
}

/** Every legal action as a plain list (the fallback to clicking); drawn only when opened, as there may be a thousand. */
function AllActions({ t, legal, describe, busy, onAct }: { t: TFunction; legal: Action[]; describe: (a: Action) => string; busy: boolean; onAct: (a: Action) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <details class="all-actions" onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}>
      <summary>{t('game.allActions', { count: legal.length })}</summary>
      {open && (
        <ul>
          {legal.map((a, i) => (
            <li key={i}>
              <button class="link" disabled={busy} onClick={() => onAct(a)}>
                {describe(a)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}

function Replay({ version, at, onChange, t }: { version: number; at: number | null; onChange: (v: number | null) => void; t: TFunction }) {
  if (version === 0) return null;
  return (
    <div class="replay">
      <label>
        {t('game.replay', { at: at ?? version, total: version })}
        <input type="range" name="replay" min={0} max={version} value={at ?? version} onInput={(e) => {
          const v = Number(e.currentTarget.value);
          onChange(v === version ? null : v);
        }} />
      </label>
      {at !== null && (
        <button class="secondary" onClick={() => onChange(null)}>
          {t('game.backToNow')}
        </button>
      )}
    </div>
  );
}

function Seats({ game, seatName, t }: { game: Game; seatName: (s: number) => string; t: TFunction }) {
  return (
    <section>
      <h2>{t('game.players')}</h2>
      <ul class="seats">
        {game.seats.map((s) => {
          const clock = game.clocks?.find((c) => c.seat === s.seat);
          return (
            <li key={s.seat} class={game.toAct.includes(s.seat) ? 'to-act' : ''}>
              <SeatMark seat={s.seat} /> {s.playerId && !s.bot ? <a href={profileHref(s.playerId)}>{seatName(s.seat)}</a> : seatName(s.seat)}
              {s.bot && ` ${botMark(t, s.level)}`}
              {s.seat === game.yourSeat && ` ${t('game.you')}`}
              {s.forfeited && ` — ${t('game.forfeited')}`}
              {game.outcome && ` — ${t('game.outcome', { count: game.outcome.scores[s.seat] ?? 0, place: game.outcome.ranking[s.seat] ?? 0 })}`}
              {clock?.deadline && <small> {t('game.seatDeadline', { when: deadlineText(t, currentLocale(), clock.deadline) })}</small>}
            </li>
          );
        })}
      </ul>
      <p class="hint stand-in">{t('bots.standInTable', { level: levelName(t, game.standInLevel) })}</p>
    </section>
  );
}

/**
 * The viewer's own panel. After the end the view is everybody's, with no private part: `seat` then
 * names the viewer's seat, whose hand the final view reveals, so the panel stays.
 */
function PrivatePanel({ ui, view, components, seat, t }: { ui: GameUi; view: unknown; components: unknown; seat: number | undefined; t: TFunction }) {
  const own = ui.privatePanel(view, components);
  const sections = own.length > 0 || seat === undefined ? own : (ui.revealed?.(view, components, seat) ?? []);
  if (sections.length === 0) return null;
  return (
    <section class="private" id="private" aria-label={own.length > 0 ? t('game.privatePanel') : t('end.yours')}>
      {own.length === 0 && <p class="hint">{t('end.yours')}</p>}
      <Sections sections={sections} level={2} />
    </section>
  );
}

function Log({ entries, ui, components, seatName, t, onLocate }: { entries: LogEntry[]; ui: GameUi; components: unknown; seatName: (s: number) => string; t: TFunction; onLocate: (keys: string[]) => void }) {
  return (
    <section class="log" id="log">
      <h2>{t('game.log')}</h2>
      <ol>
        {[...entries].reverse().map((e) => (
          <li key={e.version}>
            <span class="n">{e.version}</span>
            <span>
              <SeatMark seat={e.seat} /> {e.timeout && `${t('game.timedOut', { name: seatName(e.seat) })} `}
              {e.timeout && e.level && `${t('bots.moved', { level: levelName(t, e.level) })} `}
              {e.forfeit && `${t('game.forfeitedLog', { name: seatName(e.seat) })} `}
              {(e.platform ? e.events.map((ev) => platformEvent(t, ev, seatName)) : e.events.map((ev) => ui.describeEvent(ev, components, seatName))).join('; ')}
              {!e.platform && entryTargets(ui, e).length > 0 && (
                <>
                  {' '}
                  <button class="link locate" aria-label={t('game.showMoveOnBoard', { n: e.version })} onClick={() => onLocate(entryTargets(ui, e))}>
                    {t('game.onBoard')}
                  </button>
                </>
              )}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** An abort or a take-back step in the log, in the reader's language. */
function platformEvent(t: TFunction, ev: PlatformEvent, seatName: (s: number) => string): string {
  const name = seatName(ev.data.seat);
  switch (ev.type) {
    case 'aborted':
      return t('finish.log.aborted', { name });
    case 'takeback_requested':
      return t('finish.log.requested', { name });
    case 'takeback_accepted':
      return t('finish.log.accepted', { name });
    case 'takeback_refused':
      return t('finish.log.refused', { name });
    case 'taken_back':
      return t('finish.log.takenBack', { name, version: ev.data.to });
  }
}

function Chat({ t, id, messages, canWrite, onSent }: { t: TFunction; id: string; messages: ChatMessage[]; canWrite: boolean; onSent: (m: ChatMessage) => void }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = async (e: Event) => {
    e.preventDefault();
    try {
      onSent(dataOf(await api.POST('/v1/games/{id}/chat', { params: { path: { id } }, body: { text } })));
      setText('');
      setError(null);
    } catch (err) {
      setError(problemText(t, err));
    }
  };
  return (
    <section class="chat">
      <h2>{t('game.chat')}</h2>
      <ul>
        {messages.map((m) => (
          <li key={m.id}>
            <SeatMark seat={m.seat} /> <strong>{m.name ?? t('game.seatName', { n: m.seat + 1 })}</strong>: {m.text}
          </li>
        ))}
      </ul>
      {canWrite && (
        <form onSubmit={send} class="row">
          <input name="chat" maxLength={1000} value={text} onInput={(e) => setText(e.currentTarget.value)} placeholder={t('game.chatPlaceholder')} />
          <button type="submit" disabled={!text.trim()}>
            {t('game.send')}
          </button>
        </form>
      )}
      <ErrorLine error={error} />
    </section>
  );
}

function WaitingRoom({ game, seatName, t }: { game: Game; seatName: (s: number) => string; t: TFunction }) {
  const link = game.inviteCode ? `${location.origin}/#/join/${game.id}/${game.inviteCode}` : null;
  const [copied, setCopied] = useState(false);
  return (
    <section class="card narrow">
      <h1>{t('game.waitingRoom')}</h1>
      <p>{t('game.startsWhenFull')}</p>
      <ul class="seats">
        {game.seats.map((s) => (
          <li key={s.seat}>
            <SeatMark seat={s.seat} /> {s.name !== null || s.bot ? seatName(s.seat) : t('game.openSeat')}
            {s.bot && ` ${botMark(t, s.level)}`}
          </li>
        ))}
      </ul>
      {link && (
        <>
          <label>
            {t('game.inviteLink')}
            <input name="invite" readOnly value={link} onFocus={(e) => e.currentTarget.select()} />
          </label>
          <button onClick={() => void navigator.clipboard?.writeText(link).then(() => setCopied(true))}>{copied ? t('game.copied') : t('game.copyLink')}</button>
        </>
      )}
    </section>
  );
}
