/**
 * The board picture on the page: its places that legal actions are about are buttons (click, tap,
 * Enter or Space), the places of the other seats' last moves carry a dashed frame with the seat's
 * number, and a place picked in the log gets a solid frame and is scrolled to. Frames and badges are
 * shapes with a label, so colour is never the only cue.
 */
import type { TFunction } from 'i18next';
import { useEffect, useRef, useState } from 'preact/hooks';
import { playerColour, playerInk, playerLabel } from '../../../presentation/players.js';
import { pinEdgeLabels } from './edge-labels.js';

const SVG_NS = 'http://www.w3.org/2000/svg';
/** Board widths as multiples of the column's width: fit, and two closer looks; the closest is where a phone acts. */
export const ZOOMS = [1, 2.5, 5] as const;
/** The least tap area of a board place while zoomed in (CSS px, WCAG 2.5.5). */
const TAP_PX = 44;

/** A place asked for from the log; `n` tells a second ask for the same place from the first. */
export interface Located {
  keys: string[];
  n: number;
}

interface Props {
  svg: string | null;
  t: TFunction;
  targets: Set<string>;
  picked: string | null;
  onPick: (key: string) => void;
  /** Board keys of the other seats' last moves, each with the seats that made them. */
  recent: Map<string, number[]>;
  located: Located | null;
  seatName: (seat: number) => string;
  /** Words for a place the picture gives no name of its own (no <title>), for screen readers. */
  describePlace: (key: string) => string;
  /** Places a game's table marks on the picture (`data-mark`: a ticket's cities). */
  marks: readonly string[];
}

/** The picture's elements for a board key. */
const placesOf = (root: Element, key: string): SVGGraphicsElement[] => [
  ...root.querySelectorAll<SVGGraphicsElement>(`[data-target="${CSS.escape(key)}"]`),
];

/** The box of `el` in the coordinates of the outermost <svg>, where the frames are drawn. */
function boxIn(
  svg: SVGSVGElement,
  el: SVGGraphicsElement,
): { x: number; y: number; width: number; height: number } | null {
  const outer = svg.getScreenCTM();
  const inner = el.getScreenCTM();
  if (!outer || !inner) return null;
  const m = outer.inverse().multiply(inner);
  const b = el.getBBox();
  const corners = [
    [b.x, b.y],
    [b.x + b.width, b.y],
    [b.x, b.y + b.height],
    [b.x + b.width, b.y + b.height],
  ].map(([x, y]) => new DOMPoint(x, y).matrixTransform(m));
  const xs = corners.map((p) => p.x);
  const ys = corners.map((p) => p.y);
  return {
    x: Math.min(...xs),
    y: Math.min(...ys),
    width: Math.max(...xs) - Math.min(...xs),
    height: Math.max(...ys) - Math.min(...ys),
  };
}

function svgEl(name: string, attrs: Record<string, string | number>): SVGElement {
  const el = document.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  return el;
}

/** A frame around a place: dashed for a last move (with the movers' numbers), solid for one asked for. */
function frame(
  svg: SVGSVGElement,
  el: SVGGraphicsElement,
  kind: 'recent' | 'located',
  seats: number[],
  label: string,
): SVGElement | null {
  const b = boxIn(svg, el);
  if (!b) return null;
  const pad = 3;
  const g = svgEl('g', { class: `mark ${kind}`, role: 'img', 'aria-label': label });
  const rect = {
    x: b.x - pad,
    y: b.y - pad,
    width: b.width + 2 * pad,
    height: b.height + 2 * pad,
    rx: 4,
    fill: 'none',
    'vector-effect': 'non-scaling-stroke',
  };
  g.append(svgEl('rect', { ...rect, class: 'halo' }), svgEl('rect', { ...rect, class: 'line' }));
  seats.forEach((seat, i) => {
    const cx = b.x + b.width + pad - i * 15;
    const cy = b.y - pad;
    const badge = svgEl('g', { class: 'badge' });
    badge.append(svgEl('circle', { cx, cy, r: 7, fill: playerColour(seat), stroke: '#fff', 'stroke-width': 1.5 }));
    const text = svgEl('text', {
      x: cx,
      y: cy + 3.5,
      'text-anchor': 'middle',
      'font-size': 10,
      'font-weight': 700,
      fill: playerInk(seat),
    });
    text.textContent = playerLabel(seat);
    badge.append(text);
    g.append(badge);
  });
  return g;
}

/**
 * A transparent area of at least TAP_PX square around a thin place (a one-car route) so a finger
 * finds it; drawn inside the place, so the place's own box grows too. `pick` prefers a place's
 * drawn shapes to another place's area where they overlap.
 */
function grow(el: SVGGraphicsElement): void {
  const b = el.getBBox();
  const box = el.getBoundingClientRect();
  if (b.width === 0 || b.height === 0) return;
  const w = Math.max(b.width, ((TAP_PX + 1) * b.width) / box.width);
  const h = Math.max(b.height, ((TAP_PX + 1) * b.height) / box.height);
  if (w === b.width && h === b.height) return;
  el.append(
    svgEl('rect', {
      class: 'hit',
      x: b.x - (w - b.width) / 2,
      y: b.y - (h - b.height) / 2,
      width: w,
      height: h,
      fill: 'transparent',
    }),
  );
}

/** The place under a pointer: one whose own shapes are there, else one whose tap area is. */
function placeAt(x: number, y: number): Element | null {
  const under = document.elementsFromPoint(x, y);
  const drawn = under.find((el) => !el.classList.contains('hit') && el.closest('[data-target].target'));
  return (drawn ?? under.find((el) => el.classList.contains('hit')))?.closest('[data-target].target') ?? null;
}

export function Board({
  svg,
  t,
  targets,
  picked,
  onPick,
  recent,
  located,
  seatName,
  describePlace,
  marks: tableMarks,
}: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const [zoom, setZoom] = useState<number>(ZOOMS[0]);
  useEffect(() => {
    const root = ref.current;
    const picture = root?.querySelector('svg');
    if (!root || !picture) return;
    for (const el of root.querySelectorAll('[data-mark]'))
      el.classList.toggle('marked', tableMarks.includes(el.getAttribute('data-mark') ?? ''));
    for (const el of root.querySelectorAll('[data-target]')) {
      const key = el.getAttribute('data-target') ?? '';
      el.classList.toggle('target', targets.has(key));
      el.classList.toggle('picked', key === picked);
      if (targets.has(key)) {
        el.setAttribute('role', 'button');
        el.setAttribute('tabindex', '0');
        if (!el.querySelector(':scope > title')) el.setAttribute('aria-label', describePlace(key));
      } else {
        el.removeAttribute('role');
        el.removeAttribute('tabindex');
        el.removeAttribute('aria-label');
      }
    }
    for (const hit of picture.querySelectorAll('.hit')) hit.remove();
    // A picture with buttons in it is a group of controls, not one image (axe: nested-interactive).
    picture.setAttribute('role', targets.size > 0 ? 'group' : 'img');
    picture.querySelector(':scope > g.marks')?.remove();
    const marks = svgEl('g', { class: 'marks' });
    for (const [key, seats] of recent) {
      const label = t('game.lastMoveOf', { names: seats.map(seatName).join(', ') });
      for (const el of placesOf(root, key)) {
        const f = frame(picture, el, 'recent', seats, label);
        if (f) marks.append(f);
      }
    }
    for (const key of located?.keys ?? []) {
      for (const el of placesOf(root, key)) {
        const f = frame(picture, el, 'located', [], t('game.locatedPlace'));
        if (f) marks.append(f);
      }
    }
    picture.append(marks);
    if (zoom > 1) for (const el of picture.querySelectorAll<SVGGraphicsElement>('g.target')) grow(el);
    pinEdgeLabels(root, zoom > 1);
  });
  useEffect(() => {
    // A place asked for from the log: scrolled to the middle of the (zoomed) board and of the page.
    const first = located && ref.current ? located.keys.flatMap((k) => placesOf(ref.current!, k))[0] : undefined;
    first?.scrollIntoView({ block: 'center', inline: 'center' });
  }, [located]);
  if (svg === null) return <p>{t('game.noPicture')}</p>;
  const pick = (e: Event) => {
    const hit = e.target as Element;
    const own = hit.closest('[data-target].target');
    // The shape the browser hit is exact; a pointer's whole-pixel coordinates can fall just off a
    // label a few pixels high, so they only decide where a tap area, or a shape of no place, was hit.
    const el =
      own && !hit.classList.contains('hit')
        ? own
        : ((e instanceof MouseEvent && e.detail > 0 ? placeAt(e.clientX, e.clientY) : null) ?? own);
    if (!el) return;
    e.preventDefault();
    onPick(el.getAttribute('data-target') ?? '');
  };
  /** Zooms to `next`, keeping the middle of what was in view in the middle. */
  const zoomTo = (next: number) => {
    const box = ref.current;
    const mid = box
      ? {
          x: (box.scrollLeft + box.clientWidth / 2) / box.scrollWidth,
          y: (box.scrollTop + box.clientHeight / 2) / box.scrollHeight,
        }
      : null;
    setZoom(next);
    requestAnimationFrame(() => {
      if (!box || !mid) return;
      box.scrollLeft = mid.x * box.scrollWidth - box.clientWidth / 2;
      box.scrollTop = mid.y * box.scrollHeight - box.clientHeight / 2;
    });
  };
  const level = ZOOMS.indexOf(zoom as (typeof ZOOMS)[number]);
  return (
    <>
      <div class="zoom" role="group" aria-label={t('game.zoomLevel', { percent: Math.round(zoom * 100) })}>
        <button
          class="secondary"
          aria-label={t('game.zoomOut')}
          disabled={level === 0}
          onClick={() => zoomTo(ZOOMS[level - 1]!)}
        >
          −
        </button>
        <span aria-hidden="true">{Math.round(zoom * 100)} %</span>
        <button
          class="secondary"
          aria-label={t('game.zoomIn')}
          disabled={level === ZOOMS.length - 1}
          onClick={() => zoomTo(ZOOMS[level + 1]!)}
        >
          +
        </button>
      </div>
      <div
        ref={ref}
        id="board"
        class={zoom > 1 ? 'board zoomed' : 'board'}
        style={{ '--zoom': String(zoom) }}
        // Zoomed in, the board scrolls: the keyboard must reach it even when no place on it can be tapped (WCAG 2.1.1).
        tabIndex={zoom > 1 ? 0 : undefined}
        role={zoom > 1 ? 'region' : undefined}
        aria-label={zoom > 1 ? t('game.jump.board') : undefined}
        onClick={pick}
        onScroll={() => ref.current && pinEdgeLabels(ref.current, zoom > 1)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === ' ') pick(e);
        }}
        // The SVG comes from our own renderer, which escapes every text it draws.
        dangerouslySetInnerHTML={{ __html: svg.replace(/^<\?xml[^>]*>\s*/, '') }}
      />
    </>
  );
}
