/**
 * A tiny SVG builder. Every string child and every attribute value is XML-escaped on the way in, so
 * user-supplied names cannot break out of the document; already built markup is a `Markup` object.
 */

export interface Markup {
  readonly svg: string;
}

export type Child = Markup | string | number | null | undefined | false;
export type Attrs = Record<string, string | number | null | undefined | false>;

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** XML-escapes text for element content and (double-quoted) attribute values; drops characters XML 1.0 forbids. */
export function escapeXml(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
    .replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

/** A number with at most two decimals, for compact coordinates. */
export function num(n: number): string {
  const r = Math.round(n * 100) / 100;
  return Object.is(r, -0) ? '0' : String(r);
}

const NAME = /^[A-Za-z_][\w.:-]*$/;

function attrText(attrs: Attrs): string {
  let out = '';
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (!NAME.test(k)) throw new Error(`svg: bad attribute name ${k}`);
    out += ` ${k}="${escapeXml(typeof v === 'number' ? num(v) : v)}"`;
  }
  return out;
}

function childText(c: Child): string {
  if (c === null || c === undefined || c === false) return '';
  if (typeof c === 'number') return num(c);
  if (typeof c === 'string') return escapeXml(c);
  return c.svg;
}

/** An element. Strings among the children are text (escaped); use `Markup` for nested elements. */
export function h(tag: string, attrs: Attrs = {}, ...children: (Child | readonly Child[])[]): Markup {
  if (!NAME.test(tag)) throw new Error(`svg: bad tag name ${tag}`);
  const flat = children.flat() as Child[];
  const inner = flat.map(childText).join('');
  return { svg: inner === '' ? `<${tag}${attrText(attrs)}/>` : `<${tag}${attrText(attrs)}>${inner}</${tag}>` };
}

/** Several siblings as one piece of markup. */
export function group(children: readonly Child[]): Markup {
  return { svg: children.map(childText).join('') };
}

/** Text at a point, centred by default. */
export function label(x: number, y: number, text: string | number, attrs: Attrs = {}): Markup {
  return h('text', { x, y, 'text-anchor': 'middle', 'dominant-baseline': 'central', ...attrs }, String(text));
}

export interface DocumentInput {
  title: string;
  width: number;
  height: number;
  defs?: readonly Child[];
  body: readonly Child[];
  /** Optional description (e.g. the game state in words). */
  desc?: string;
  attrs?: Attrs;
}

/** Fonts every system has; nothing is downloaded. */
export const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif';

/**
 * A complete standalone SVG document: XML declaration, namespace, viewBox and a title; width 100% so it
 * scales to its container while the viewBox keeps the aspect ratio.
 */
export function svgDocument(d: DocumentInput): string {
  const root = h(
    'svg',
    {
      xmlns: 'http://www.w3.org/2000/svg',
      viewBox: `0 0 ${num(d.width)} ${num(d.height)}`,
      width: '100%',
      preserveAspectRatio: 'xMidYMid meet',
      role: 'img',
      'aria-labelledby': 'title',
      'font-family': FONT,
      ...d.attrs,
    },
    h('title', { id: 'title' }, d.title),
    d.desc ? h('desc', {}, d.desc) : null,
    d.defs && d.defs.length > 0 ? h('defs', {}, ...d.defs) : null,
    ...d.body,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n${root.svg}\n`;
}
