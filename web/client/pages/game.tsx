import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { renderBoard } from '../../render/index.js';
import type { GameUi } from '../../render/game-ui.js';
import { ApiError, get, post, type Action, type CatalogGame, type ChatMessage, type Game, type LogEntry, type ViewReply } from '../api.js';
import { catalogGame } from '../catalog.js';
import { gameUi } from '../game-uis.js';
import { deadlineText } from '../time.js';
import { ErrorLine, SeatMark } from '../widgets.js';

const POLL_MS = 5000;

/** Legal actions a click on board place `key` may mean. */
export function actionsAt(ui: GameUi, legal: readonly Action[], key: string): Action[] {
  return legal.filter((a) => ui.targets(a).includes(key));
}

function newKey(): string {
  return crypto.randomUUID();
}

export function GamePage({ id }: { id: string }) {
  const path = `/v1/games/${encodeURIComponent(id)}`;
  const [game, setGame] = useState<Game | null>(null);
  const [info, setInfo] = useState<CatalogGame | null>(null);
  const [live, setLive] = useState<ViewReply | null>(null);
  const [past, setPast] = useState<ViewReply | null>(null);
  const [replayAt, setReplayAt] = useState<number | null>(null);
  const [log, setLog] = useState<LogEntry[]>([]);
  const [chat, setChat] = useState<ChatMessage[]>([]);
  const [picked, setPicked] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const version = useRef(-1);

  const fail = (err: unknown) => setError(err instanceof ApiError ? `${err.message} (${err.code})` : String(err));

  const refresh = useCallback(async () => {
    const g = await get<Game>(path);
    setGame(g);
    if (g.status === 'open') return;
    const changed = g.version !== version.current;
    const [messages, v, l] = await Promise.all([
      get<{ messages: ChatMessage[] }>(`${path}/chat`),
      changed ? get<ViewReply>(`${path}/view`) : null,
      changed ? get<{ entries: LogEntry[] }>(`${path}/log`) : null,
      catalogGame(g.game).then(setInfo),
    ]);
    setChat(messages.messages);
    if (!v || !l) return;
    version.current = v.version;
    setLive(v);
    setLog(l.entries);
    setPicked(null);
  }, [path]);

  useEffect(() => {
    void refresh().catch(fail);
    // Play-by-mail: a slow poll is enough, and stops while the tab is hidden.
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void refresh().catch(() => undefined);
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [refresh]);

  useEffect(() => {
    if (replayAt === null) return setPast(null);
    const timer = setTimeout(() => void get<ViewReply>(`${path}/view?version=${replayAt}`).then(setPast, fail), 150);
    return () => clearTimeout(timer);
  }, [replayAt, path]);

  const ui = useMemo(() => gameUi(game?.game ?? ''), [game?.game]);
  const shown = replayAt !== null ? past : live;
  const legal = replayAt === null ? (live?.legalActions ?? []) : [];
  const names = (game?.seats ?? []).map((s, i) => s.name ?? (s.bot ? `Bot ${i + 1}` : `Seat ${i + 1}`));
  const seatName = (seat: number) => names[seat] ?? `Seat ${seat + 1}`;
  const namesKey = names.join('\n');
  // Drawing is the page's heaviest work: redone when the view, components or names change, not on every poll.
  const svg = useMemo(
    () => (game && info && shown ? renderBoard(game.game, info.components, shown.view, { seatNames: names }) : null),
    [game?.game, info, shown, namesKey],
  );
  const targetKeys = useMemo(() => new Set(legal.flatMap((a) => ui.targets(a))), [legal, ui]);

  const act = async (action: Action) => {
    if (!live) return;
    setBusy(true);
    setError(null);
    try {
      const next = await post<ViewReply>(`${path}/actions`, { action, expectedVersion: live.version }, { 'Idempotency-Key': newKey() });
      version.current = next.version;
      setLive(next);
      setPicked(null);
      const [g, l] = await Promise.all([get<Game>(path), get<{ entries: LogEntry[] }>(`${path}/log`)]);
      setGame(g);
      setLog(l.entries);
    } catch (err) {
      fail(err);
      if (err instanceof ApiError && err.code === 'stale_version') await refresh();
    } finally {
      setBusy(false);
    }
  };

  if (!game) return <ErrorLine error={error} />;
  if (game.status === 'open') return <WaitingRoom game={game} seatName={seatName} />;

  const choices = picked ? actionsAt(ui, legal, picked) : [];
  const offBoard = legal.filter((a) => ui.targets(a).length === 0);
  const myTurn = game.yourSeat !== undefined && game.toAct.includes(game.yourSeat);
  return (
    <div class="game">
      <section class="board-area">
        <h1>{info?.title ?? game.game}</h1>
        <p class="turn">
          {game.status === 'finished' ? 'The game is over.' : myTurn ? <strong>Your turn.</strong> : `Waiting for ${game.toAct.map(seatName).join(', ') || 'nobody'}.`}{' '}
          {myTurn && live?.deadline && <span class="deadline">Deadline {deadlineText(live.deadline)}</span>}
        </p>
        {info && shown && (
          <Board
            svg={svg}
            targets={targetKeys}
            picked={picked}
            onPick={(key) => {
              setError(null);
              if (actionsAt(ui, legal, key).length === 0) setError('Nothing you may do there now.');
              else setPicked(key);
            }}
          />
        )}
        <Replay version={game.version} at={replayAt} onChange={setReplayAt} />
      </section>
      <aside class="side">
        <ErrorLine error={error} />
        {legal.length > 0 && (
          <section class="actions" aria-label="Your move">
            <h2>Your move</h2>
            {choices.length > 0 && (
              <div class="choices">
                <p>{picked}: choose one</p>
                {choices.map((a, i) => (
                  <button key={i} disabled={busy} onClick={() => void act(a)}>
                    {ui.describeAction(a, info?.components, live?.view)}
                  </button>
                ))}
                <button class="secondary" onClick={() => setPicked(null)}>
                  Cancel
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
            {offBoard.length < legal.length && <p class="hint">Tap a highlighted place on the board, or pick from the list.</p>}
            <AllActions legal={legal} describe={(a) => ui.describeAction(a, info?.components, live?.view)} busy={busy} onAct={(a) => void act(a)} />
          </section>
        )}
        <Seats game={game} seatName={seatName} />
        {shown && <PrivatePanel ui={ui} view={shown.view} components={info?.components} />}
        <Log entries={log} ui={ui} components={info?.components} seatName={seatName} />
        <Chat path={path} messages={chat} canWrite={game.yourSeat !== undefined} onSent={(m) => setChat((c) => [...c, m])} />
      </aside>
    </div>
  );
}

function Board({ svg, targets, picked, onPick }: { svg: string | null; targets: Set<string>; picked: string | null; onPick: (key: string) => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    for (const el of root.querySelectorAll('[data-target]')) {
      const key = el.getAttribute('data-target') ?? '';
      el.classList.toggle('target', targets.has(key));
      el.classList.toggle('picked', key === picked);
      if (targets.has(key)) {
        el.setAttribute('role', 'button');
        el.setAttribute('tabindex', '0');
      } else {
        el.removeAttribute('role');
        el.removeAttribute('tabindex');
      }
    }
  });
  const [zoomed, setZoomed] = useState(false);
  if (svg === null) return <p>No picture of this board yet: use the list of actions.</p>;
  const pick = (e: Event) => {
    const el = (e.target as Element).closest('[data-target].target');
    if (el) onPick(el.getAttribute('data-target') ?? '');
  };
  return (
    <>
    <button class="secondary zoom" aria-pressed={zoomed} onClick={() => setZoomed((z) => !z)}>
      {zoomed ? 'Fit the board' : 'Zoom in'}
    </button>
    <div
      ref={ref}
      class={zoomed ? 'board zoomed' : 'board'}
      onClick={pick}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') pick(e);
      }}
      // The SVG comes from our own renderer, which escapes every text it draws.
      dangerouslySetInnerHTML={{ __html: svg.replace(/^<\?xml[^>]*>\s*/, '') }}
    />
    </>
  );
}

/** Every legal action as a plain list (the fallback to clicking); drawn only when opened, as there may be a thousand. */
function AllActions({ legal, describe, busy, onAct }: { legal: Action[]; describe: (a: Action) => string; busy: boolean; onAct: (a: Action) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <details class="all-actions" onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}>
      <summary>All {legal.length} possible actions</summary>
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

function Replay({ version, at, onChange }: { version: number; at: number | null; onChange: (v: number | null) => void }) {
  if (version === 0) return null;
  return (
    <div class="replay">
      <label>
        Replay: move {at ?? version} of {version}
        <input type="range" name="replay" min={0} max={version} value={at ?? version} onInput={(e) => {
          const v = Number(e.currentTarget.value);
          onChange(v === version ? null : v);
        }} />
      </label>
      {at !== null && (
        <button class="secondary" onClick={() => onChange(null)}>
          Back to now
        </button>
      )}
    </div>
  );
}

function Seats({ game, seatName }: { game: Game; seatName: (s: number) => string }) {
  return (
    <section>
      <h2>Players</h2>
      <ul class="seats">
        {game.seats.map((s) => {
          const clock = game.clocks?.find((c) => c.seat === s.seat);
          return (
            <li key={s.seat} class={game.toAct.includes(s.seat) ? 'to-act' : ''}>
              <SeatMark seat={s.seat} /> {seatName(s.seat)}
              {s.bot && ' (bot)'}
              {s.seat === game.yourSeat && ' (you)'}
              {s.forfeited && ' — forfeited'}
              {game.outcome && ` — ${game.outcome.scores[s.seat]} points, place ${game.outcome.ranking[s.seat]}`}
              {clock?.deadline && <small> deadline {deadlineText(clock.deadline)}</small>}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function PrivatePanel({ ui, view, components }: { ui: GameUi; view: unknown; components: unknown }) {
  const sections = ui.privatePanel(view, components);
  if (sections.length === 0) return null;
  return (
    <section class="private" aria-label="Only you see this">
      {sections.map((s) => (
        <div key={s.title}>
          <h2>{s.title}</h2>
          <ul>
            {s.lines.map((l, i) => (
              <li key={i}>{l}</li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}

function Log({ entries, ui, components, seatName }: { entries: LogEntry[]; ui: GameUi; components: unknown; seatName: (s: number) => string }) {
  return (
    <section class="log">
      <h2>Log</h2>
      <ol reversed>
        {[...entries].reverse().map((e) => (
          <li key={e.version} value={e.version}>
            <SeatMark seat={e.seat} /> {e.timeout && `${seatName(e.seat)}'s time ran out. `}
            {e.forfeit && `${seatName(e.seat)} forfeited. `}
            {e.events.map((ev) => ui.describeEvent(ev, components, seatName)).join('; ')}
          </li>
        ))}
      </ol>
    </section>
  );
}

function Chat({ path, messages, canWrite, onSent }: { path: string; messages: ChatMessage[]; canWrite: boolean; onSent: (m: ChatMessage) => void }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = async (e: Event) => {
    e.preventDefault();
    try {
      onSent(await post<ChatMessage>(`${path}/chat`, { text }));
      setText('');
      setError(null);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : String(err));
    }
  };
  return (
    <section class="chat">
      <h2>Table talk</h2>
      <ul>
        {messages.map((m) => (
          <li key={m.id}>
            <SeatMark seat={m.seat} /> <strong>{m.name ?? `Seat ${m.seat + 1}`}</strong>: {m.text}
          </li>
        ))}
      </ul>
      {canWrite && (
        <form onSubmit={send} class="row">
          <input name="chat" maxLength={1000} value={text} onInput={(e) => setText(e.currentTarget.value)} placeholder="Say something to the table" />
          <button type="submit" disabled={!text.trim()}>
            Send
          </button>
        </form>
      )}
      <ErrorLine error={error} />
    </section>
  );
}

function WaitingRoom({ game, seatName }: { game: Game; seatName: (s: number) => string }) {
  const link = game.inviteCode ? `${location.origin}/#/join/${game.id}/${game.inviteCode}` : null;
  const [copied, setCopied] = useState(false);
  return (
    <section class="card narrow">
      <h1>Waiting for players</h1>
      <p>The game starts when every seat is taken.</p>
      <ul class="seats">
        {game.seats.map((s) => (
          <li key={s.seat}>
            <SeatMark seat={s.seat} /> {s.name !== null || s.bot ? seatName(s.seat) : 'open seat'}
          </li>
        ))}
      </ul>
      {link && (
        <>
          <label>
            Invite link
            <input name="invite" readOnly value={link} onFocus={(e) => e.currentTarget.select()} />
          </label>
          <button onClick={() => void navigator.clipboard?.writeText(link).then(() => setCopied(true))}>{copied ? 'Copied' : 'Copy link'}</button>
        </>
      )}
    </section>
  );
}
