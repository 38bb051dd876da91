/**
 * The Streetcar table: the viewer's hand as drawn tiles, and a placement chosen as
 * tile + square (in either order) with a preview on the board, turned through the legal rotations
 * only, then confirmed. The line and route cards read as before. Double exchanges, declaring, the
 * refill and driving stay taps on the board and lines in the list.
 */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { StreetcarView } from '../../../engine/games/streetcar/view.js';
import type { StreetcarComponents } from '../../../presentation/streetcar.js';
import { tilePicture } from '../../../presentation/streetcar-tiles.js';
import {
  exchangeSquares,
  handGroups,
  modeTile,
  nextRotation,
  parseSquare,
  placeableTiles,
  placementAction,
  rotationsAt,
  tileMode,
  tilesAt,
} from '../../../presentation/streetcar-table.js';
import { streetcarCards } from '../../../presentation/streetcar.ui.js';
import { asTranslate } from '../i18n.js';
import type { TableProps } from './table.js';

function TilePicture({ comps, tile, rotation }: { comps: StreetcarComponents; tile: string; rotation?: number }) {
  // The picture comes from presentation/, which escapes everything it draws.
  return <span class="sc-face" dangerouslySetInnerHTML={{ __html: tilePicture(comps, tile, rotation) }} />;
}

function StreetcarTable({ t, view, components, legal, busy, picked, mode, onMode, onAct, onPreview }: TableProps) {
  const v = view as StreetcarView;
  const comps = components as StreetcarComponents;
  const tr = useMemo(() => asTranslate(t), [t]);
  const tileName = (id: string) => tr(`sc.tile.${id}`);
  const placeable = placeableTiles(legal);
  const chosen = modeTile(mode);
  const square = parseSquare(picked);
  const fitting = square ? tilesAt(legal, square.row, square.col) : [];
  const rotations = chosen && square ? rotationsAt(legal, chosen, square.row, square.col) : [];
  const [rotation, setRotation] = useState(0);
  const shownRotation = rotations.includes(rotation) ? rotation : (rotations[0] ?? 0);
  const action = chosen && square ? placementAction(legal, chosen, square.row, square.col, shownRotation) : undefined;

  // A chosen tile that can no longer go anywhere (placed, or the turn moved on) is let go.
  useEffect(() => {
    if (chosen !== null && !placeable.has(chosen)) onMode(null);
  }, [chosen, legal]);
  // A square tapped first: the first hand tile that fits it is shown there at once (another can be chosen).
  useEffect(() => {
    if (square && fitting.length > 0 && (chosen === null || !fitting.includes(chosen))) onMode(tileMode(fitting[0]!));
  }, [picked]);
  const previewKey = action ? `${chosen}@${square!.row},${square!.col}@${shownRotation}` : '';
  useEffect(
    () => onPreview(action && chosen && square ? { ...square, tile: chosen, rotation: shownRotation } : null),
    [previewKey],
  );
  useEffect(() => () => onPreview(null), []);
  // On a phone the square is tapped on the board above: the turn and confirm buttons are brought into view, clear of the bar at the bottom (style.css: scroll-margin).
  const placing = useRef<HTMLDivElement>(null);
  useEffect(() => placing.current?.scrollIntoView({ block: 'nearest' }), [previewKey]);

  const you = v.you;
  if (!you) return null;
  const cards = streetcarCards(tr, view, components);
  return (
    <section class="sc-table" data-table aria-label={t('sc.table.label')}>
      {action && chosen && square && (
        <div ref={placing} class="choices sc-place" role="group" aria-label={t('sc.table.placing')}>
          <p>
            {t(action.type === 'exchange' ? 'sc.table.exchangeHere' : 'sc.table.placeHere', {
              tile: tileName(chosen),
              square: tr('sc.square', square),
              rotation: shownRotation,
            })}
          </p>
          <div class="sc-preview">
            <TilePicture comps={comps} tile={chosen} rotation={shownRotation} />
            <button
              class="sc-confirm"
              disabled={busy}
              onClick={() => {
                onMode(null);
                onAct(action);
              }}
            >
              {t(action.type === 'exchange' ? 'sc.table.confirmExchange' : 'sc.table.confirm')}
            </button>
          </div>
          <div class="sc-rotate">
            <button
              class="secondary"
              data-rotate="-1"
              disabled={busy || rotations.length < 2}
              aria-label={t('sc.table.rotateLeft')}
              onClick={() => setRotation(nextRotation(rotations, shownRotation, -1))}
            >
              ⟲
            </button>
            <span>{rotations.length < 2 ? t('sc.table.oneWay') : t('sc.table.ways', { count: rotations.length })}</span>
            <button
              class="secondary"
              data-rotate="1"
              disabled={busy || rotations.length < 2}
              aria-label={t('sc.table.rotateRight')}
              onClick={() => setRotation(nextRotation(rotations, shownRotation, 1))}
            >
              ⟳
            </button>
          </div>
        </div>
      )}
      <h2>{tr('sc.panel.tiles', { n: you.hand.length })}</h2>
      <ul class="sc-hand">
        {handGroups(you.hand).map(({ tile, count }) => {
          const fits = fitting.includes(tile);
          return (
            <li key={tile}>
              <button
                class={fits ? 'sc-tile fits' : 'sc-tile'}
                data-hand-tile={tile}
                aria-pressed={chosen === tile}
                disabled={busy || !placeable.has(tile)}
                onClick={() => onMode(chosen === tile ? null : tileMode(tile))}
              >
                <TilePicture comps={comps} tile={tile} />
                {count > 1 && (
                  <span class="sc-count" aria-hidden="true">
                    {count}
                  </span>
                )}
                <span class="sc-name">
                  {count > 1 ? tr('sc.tileCount', { n: count, tile: tileName(tile) }) : tileName(tile)}
                </span>
              </button>
            </li>
          );
        })}
        {you.hand.length === 0 && <li>{tr('sc.panel.noTiles')}</li>}
      </ul>
      {placeable.size > 0 && !action && (
        <p class="hint">
          {chosen && square && fitting.length > 0
            ? t('sc.table.notHere', { tile: tileName(chosen) })
            : chosen
              ? t('sc.table.tapSquare', { tile: tileName(chosen) })
              : t('sc.table.hint')}
        </p>
      )}
      {placeable.size > 0 && (
        <ul class="sc-legend">
          <li>{t('sc.table.legendTiles')}</li>
          <li data-legend="place">{t('sc.table.legendSquares')}</li>
          {exchangeSquares(legal, chosen).length > 0 && <li data-legend="exchange">{t('sc.table.legendExchange')}</li>}
        </ul>
      )}
      {cards.map((s) => (
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

/** The table its manifest names. */
export { StreetcarTable as table };
