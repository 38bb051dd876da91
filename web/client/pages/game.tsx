import { useMemo, useState } from 'preact/hooks';
import type { BoardPreview } from '../../../presentation/board-options.js';
import { renderBoard } from '../../../presentation/index.js';
import type { GameUi } from '../../../presentation/game-ui.js';
import { api, ApiError, dataOf, idempotencyKey, type Action, type GameAction } from '../api.js';
import { gameTitle } from '../catalog.js';
import { gameTable, gameUi } from '../game-uis.js';
import { asTranslate, useT } from '../i18n.js';
import { problemText } from '../problems.js';
import { useTitle } from '../title.js';
import { ActionArea } from '../game/action-area.js';
import { Board, type Located } from '../game/board.js';
import { Chat } from '../game/chat.js';
import { Breakdown, Ending, Revealed } from '../game/end.js';
import { useGameFeed } from '../game/game-feed.js';
import { JumpBar } from '../game/jump-bar.js';
import { Log } from '../game/log.js';
import { recentTargets } from '../game/moves.js';
import { PrivatePanel, Seats } from '../game/player-panels.js';
import { Replay, useReplay } from '../game/replay.js';
import { StatusBar } from '../game/status-bar.js';
import { useRecentOnTable } from '../game/table-marks.js';
import { WaitingRoom } from '../game/waiting-room.js';
import { ErrorLine } from '../widgets.js';
import { FinishPanel } from './finish-panel.js';

/** Legal actions a click on board place `key` may mean. */
export function actionsAt(ui: GameUi, legal: readonly Action[], key: string): Action[] {
  return legal.filter((a) => ui.targets(a).includes(key));
}

/** `replay`: open at version 0, the replay's start (links from finished games' lists). */
export function GamePage({ id, replay = false }: { id: string; replay?: boolean }) {
  const t = useT();
  const [picked, setPicked] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Per-game table: its step narrows what glows; the places it marks (a ticket's cities).
  const [tableMode, setTableMode] = useState<string | null>(null);
  const [marks, setMarks] = useState<readonly string[]>([]);
  const [located, setLocated] = useState<Located | null>(null);
  const [preview, setPreview] = useState<BoardPreview | null>(null);

  const fail = (err: unknown) =>
    setError(err instanceof ApiError ? `${problemText(t, err)} (${err.code})` : problemText(t, err));
  const feed = useGameFeed(id, { onNewView: () => setPicked(null), onError: fail });
  const { game, info, live, log } = feed;
  const replayed = useReplay(id, replay, fail);

  const ui = useMemo(() => gameUi(game?.game ?? '', asTranslate(t)), [game?.game, t]);
  const Table = gameTable(game?.game ?? '');
  const shown = replayed.at !== null ? replayed.past : live;
  const legal = replayed.at === null ? (live?.legalActions ?? []) : [];
  const names = (game?.seats ?? []).map(
    (s, i) => s.name ?? (s.bot ? t('game.botName', { n: i + 1 }) : t('game.seatName', { n: i + 1 })),
  );
  const seatName = (seat: number) => names[seat] ?? t('game.seatName', { n: seat + 1 });
  const namesKey = names.join('\n');
  // Drawing is the page's heaviest work: redone when the view, components or names change, not on every poll.
  const svg = useMemo(
    () =>
      game && info && shown
        ? renderBoard(game.game, info.components, shown.view, {
            t: asTranslate(t),
            seatNames: names,
            table: Table !== undefined,
            preview,
          })
        : null,
    [game?.game, info, shown, namesKey, preview, t],
  );
  const targetKeys = useMemo(
    () => new Set(ui.glowing ? ui.glowing(legal, tableMode, shown?.view) : legal.flatMap((a) => ui.targets(a))),
    [legal, ui, tableMode, shown],
  );
  const recent = useMemo(
    () => (replayed.at === null ? recentTargets(ui, log, feed.since, game?.yourSeat) : new Map<string, number[]>()),
    [ui, log, feed.since, game?.yourSeat, replayed.at],
  );
  const sideRef = useRecentOnTable(recent, seatName, t);
  const title = game ? gameTitle(t, game.game, info?.title) : null;
  useTitle(title);

  const act = async (action: Action) => {
    if (!live) return;
    setBusy(true);
    setError(null);
    try {
      await feed.moved(
        dataOf(
          await api.POST('/v1/games/{id}/actions', {
            params: { path: { id }, header: idempotencyKey() },
            // One of the view's legalActions, which the document types per game.
            body: { action: action as GameAction, expectedVersion: live.version },
          }),
        ),
      );
    } catch (err) {
      fail(err);
      if (err instanceof ApiError && err.code === 'stale_version') await feed.refresh();
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
  const pick = (key: string) => {
    setError(null);
    const here = tapped(key);
    if (here.length === 0) setError(t('game.nothingThere'));
    else if (here.length === 1 && ui.tapActs) void act(here[0]!);
    else setPicked(key);
  };
  return (
    <div class="game">
      <section class="board-area">
        <StatusBar game={game} title={title} deadline={live?.deadline} seatName={seatName} t={t} />
        {game.outcome && (
          <Ending game={game} outcome={game.outcome} seatName={seatName} t={t} onReplay={() => replayed.setAt(0)} />
        )}
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
              return here.length > 1
                ? t('game.placeActions', { count: here.length, first: here[0]! })
                : (here[0] ?? key);
            }}
            marks={marks}
            onPick={pick}
          />
        )}
        <Replay version={game.version} at={replayed.at} onChange={replayed.setAt} t={t} />
        {game.outcome && <Breakdown outcome={game.outcome} seatName={seatName} t={t} />}
        {game.status === 'finished' && live && (
          <Revealed
            ui={ui}
            view={live.view}
            components={info?.components}
            seats={game.seats.map((s) => s.seat).filter((s) => s !== game.yourSeat)}
            seatName={seatName}
            t={t}
          />
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
        <ActionArea
          t={t}
          ui={ui}
          legal={legal}
          picked={picked}
          choices={picked ? tapped(picked).filter((a) => !ui.onTable?.(a)) : []}
          components={info?.components}
          view={live?.view}
          busy={busy}
          onAct={(a) => void act(a)}
          onCancel={() => setPicked(null)}
        />
        <FinishPanel
          game={game}
          seatName={seatName}
          t={t}
          onChanged={async (g) => {
            setError(null);
            await feed.changed(g);
          }}
          onError={fail}
        />
        <Seats game={game} seatName={seatName} t={t} />
        {shown && (!Table || game.status === 'finished') && (
          <PrivatePanel
            ui={ui}
            view={shown.view}
            components={info?.components}
            seat={game.status === 'finished' ? game.yourSeat : undefined}
            t={t}
          />
        )}
        <Log
          entries={log}
          ui={ui}
          components={info?.components}
          seatName={seatName}
          t={t}
          onLocate={(keys) => setLocated((l) => ({ keys, n: (l?.n ?? 0) + 1 }))}
        />
        <Chat t={t} id={id} messages={feed.chat} canWrite={game.yourSeat !== undefined} onSent={feed.chatSent} />
      </aside>
      <JumpBar t={t} move={legal.length > 0} seated={game.yourSeat !== undefined} hand={Table ? 'table' : 'private'} />
    </div>
  );
}
