import { describe, expect, it } from 'vitest';
import { manifests } from '../engine/games/on-demand.js';
import { renderBoard, renderableGames } from './index.js';
import { PLAYER_COLOURS, playerPatterns } from './players.js';
import { escapeXml, h, svgDocument } from './svg.js';
import { assertWellFormed, elementsWith, EN } from './testkit.js';

describe('svg builder', () => {
  it('escapes text and attribute values', () => {
    expect(escapeXml(`<script>&"'`)).toBe('&lt;script&gt;&amp;&quot;&apos;');
    const m = h('text', { 'data-name': `a"b<c>&` }, `<script>alert("x")</script>&`, h('tspan', {}, "O'Neil"));
    expect(m.svg).toBe(
      '<text data-name="a&quot;b&lt;c&gt;&amp;">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;<tspan>O&apos;Neil</tspan></text>',
    );
    assertWellFormed(m.svg);
  });
  it('drops characters XML forbids and refuses bad names', () => {
    expect(escapeXml('a\u0000b\u001Fc')).toBe('abc');
    expect(() => h('g', { 'on load': 'x' })).toThrow();
    expect(() => h('g><script', {})).toThrow();
  });
  it('makes a standalone document with namespace, viewBox, title and width 100%', () => {
    const doc = svgDocument({ title: 'T & <t>', width: 10, height: 20, body: [h('rect', { width: 1, height: 1 })] });
    assertWellFormed(doc);
    expect(doc).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 10 20" width="100%"/,
    );
    expect(doc).toContain('<title id="title">T &amp; &lt;t&gt;</title>');
    expect(doc).not.toMatch(/<script|href=|url\((?!#)|@import|@font-face/);
  });
  it('the well-formedness check catches broken documents', () => {
    for (const bad of [
      '<a><b></a></b>',
      '<a>x & y</a>',
      '<a b="<"></a>',
      '<a></a><b></b>',
      '<a>',
      '<a b="1" b="2"/>',
      'text<a/>',
    ])
      expect(() => assertWellFormed(bad), bad).toThrow();
    assertWellFormed('<?xml version="1.0"?>\n<a x="&amp;"><!-- c --><b/>t&lt;</a>\n');
    expect(elementsWith('<a><g data-x="1"><g><b/></g></g><g data-x="2"/></a>', 'data-x')).toEqual([
      '<g data-x="1"><g><b/></g></g>',
      '<g data-x="2"/>',
    ]);
  });
  it('player colours are distinct Okabe–Ito colours with one pattern per seat', () => {
    expect(new Set(PLAYER_COLOURS).size).toBe(5);
    const patterns = playerPatterns(5).map((p) => p.svg);
    expect(new Set(patterns.map((p) => /data-pattern="(\w+)"/.exec(p)![1])).size).toBe(5);
  });
  it('renderBoard dispatches by game id and gives null for an unknown game; every catalog game has a picture', () => {
    expect(renderBoard('no-such-game', {}, {}, { t: EN })).toBeNull();
    expect(renderBoard('__proto__', {}, {}, { t: EN })).toBeNull();
    expect(renderBoard('streetcar', null, {}, { t: EN })).toBeNull();
    expect(renderableGames).toEqual(manifests.map((m) => m.id));
  });
});
