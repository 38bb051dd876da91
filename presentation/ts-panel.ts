/** Below the Trains & Stations map: the status, the dice in play, the market, the counters, and one row per player. */
import { h, label, type Markup } from './svg.js';
import { playerToken } from './players.js';
import { BUILDING_CODE, die, GOOD_FILL } from './ts-board-pieces.js';
import type { TsPicture } from './ts-picture.js';

export interface TsPanel {
  panel: Markup[];
  /** Where the next part goes. */
  y: number;
  status: string;
  pending: string;
  countersText: string;
}

export function drawPanel({ view, options, say, name, dieOwner, L, W }: TsPicture): TsPanel {
  const p = view.pending;
  let y = L.height + 8;
  const panel: Markup[] = [];
  const status = `${say('ts.board.status', { turn: view.turn, round: view.round, who: name(view.conductor) })}${view.endTriggered ? say('ts.board.endTriggered') : ''}`;
  const pending = `${name(view.active)}: ${say(`ts.table.step.${p.kind}`)}`;
  panel.push(
    h('text', { x: 20, y: y + 14, 'font-size': 15, 'font-weight': 700, fill: '#222', 'data-status': p.kind }, pending),
  );
  panel.push(h('text', { x: 20, y: y + 34, 'font-size': 13, fill: '#333' }, status));
  y += 48;

  // The web client's table draws the dice in play as buttons to pick: the picture leaves them out.
  if (!options.table) {
    const inPlay = view.dice.flatMap((d, id) => (d.zone === 'play' ? [[d, id] as const] : []));
    const DIE = 40;
    const perRow = Math.max(1, Math.floor((W - 40) / (DIE + 8)));
    // The dice go on the lines below their label, which is as long as the reader's language makes it.
    panel.push(
      h(
        'text',
        { x: 20, y: y + 14, 'font-size': 13, 'font-weight': 700 },
        say('ts.board.diceInPlay', { who: name(view.active) }),
      ),
    );
    y += 22;
    if (inPlay.length === 0)
      panel.push(h('text', { x: 20, y: y + 14, 'font-size': 13, fill: '#666' }, say('ts.panel.none')));
    panel.push(
      h(
        'g',
        { class: 'in-play' },
        inPlay.map(([d, id], i) =>
          die(
            say,
            dieOwner(d),
            d,
            id,
            20 + (i % perRow) * (DIE + 8) + DIE / 2,
            y + Math.floor(i / perRow) * (DIE + 8) + DIE / 2,
            DIE,
            { 'data-target': `die:${id}`, 'data-zone': 'play' },
          ),
        ),
      ),
    );
    y += Math.max(1, Math.ceil(inPlay.length / perRow)) * (DIE + 8) + 6;
  }

  // The market: the three goods spaces, the unused decks, the box.
  const market: Markup[] = [];
  const BOX_W = 150;
  const spaces = Object.entries(view.goodsSpaces);
  spaces.forEach(([type, g], i) => {
    const bx = 20 + i * (BOX_W + 10);
    const state = g.dead
      ? say('ts.board.dead')
      : g.count === 0
        ? say('ts.board.pending')
        : say('ts.board.cards', { count: g.count });
    const upgrading = p.kind === 'upgrade' && p.options.some((o) => o.space === type);
    market.push(
      h(
        'g',
        { 'data-goods-space': type, 'data-target': `goods:${type}`, 'data-good': g.good, 'data-count': g.count },
        h(
          'title',
          {},
          say('ts.board.goodsTitle', { space: say(`ts.space.${type}`), good: say(`ts.good.${g.good}`), state }),
        ),
        h('rect', {
          x: bx,
          y,
          width: BOX_W,
          height: 54,
          rx: 6,
          fill: g.dead ? '#E0E0E0' : (GOOD_FILL[g.good] ?? '#eee'),
          stroke: upgrading ? '#E91E63' : '#555',
          'stroke-width': upgrading ? 3 : 1,
        }),
        h(
          'text',
          { x: bx + 8, y: y + 17, 'font-size': 13, 'font-weight': 700 },
          `${say(`ts.board.space.${type}`)} (${BUILDING_CODE[type] ?? ''})`,
        ),
        h('text', { x: bx + 8, y: y + 36, 'font-size': 13 }, say(`ts.good.${g.good}`)),
        h('text', { x: bx + 8, y: y + 50, 'font-size': 11, fill: '#333' }, state),
      ),
    );
  });
  const dx0 = 20 + spaces.length * (BOX_W + 10) + 10;
  market.push(h('text', { x: dx0, y: y + 12, 'font-size': 12, 'font-weight': 700 }, say('ts.board.unused')));
  view.unusedGoods.forEach((good, i) => {
    const bx = dx0 + i * 70;
    const choosing = p.kind === 'upgrade' && p.options.some((o) => o.good === good);
    market.push(
      h(
        'g',
        { 'data-deck': good, 'data-target': `deck:${good}` },
        h('title', {}, say('ts.place.deck', { good: say(`ts.good.${good}`) })),
        h('rect', {
          x: bx,
          y: y + 18,
          width: 62,
          height: 36,
          rx: 5,
          fill: GOOD_FILL[good] ?? '#eee',
          stroke: choosing ? '#E91E63' : '#555',
          'stroke-width': choosing ? 3 : 1,
        }),
        label(bx + 31, y + 36, say(`ts.good.${good}`), { 'font-size': 12 }),
      ),
    );
  });
  if (view.unusedGoods.length === 0)
    market.push(h('text', { x: dx0, y: y + 36, 'font-size': 12, fill: '#666' }, say('ts.panel.none')));
  panel.push(h('g', { class: 'market' }, market));
  y += 64;
  const countersText = say('ts.table.supply', {
    vp: view.vpSupply,
    bank: view.bank,
    deck: view.specialDeck,
    dice: view.bonusSupply,
  });
  panel.push(h('text', { x: 20, y: y + 12, 'font-size': 13, fill: '#333', 'data-counters': 1 }, countersText));
  y += 26;
  return { panel, y, status, pending, countersText };
}

export function drawPlayerRows({ c, view, say, name, dieOwner, W }: TsPicture, y: number): Markup[] {
  const p = view.pending;
  // Players: token, name and public facts, their saved dice, revealed tasks, and the outcome.
  const specials = new Map(c.specialCards.map((s) => [s.id, s]));
  const committed = p.kind === 'keep' || p.kind === 'tasks' || p.kind === 'speculate' ? p.committed : null;
  const rows = view.players.map((pl, seat) => {
    const rowY = y + seat * 48;
    const saved = view.dice.flatMap((d, id) => (d.zone === 'saved' && d.owner === seat ? [[d, id] as const] : []));
    const built = Object.entries(pl.buildingsLeft)
      .map(([t, n]) => `${BUILDING_CODE[t] ?? t}${n}`)
      .join(' ');
    const facts = [
      say('ts.table.vp', { count: pl.vp }),
      say('ts.coins', { count: pl.coins }),
      say('ts.board.dice', { pool: pl.diceInPool, board: pl.diceOnBoard, held: pl.heldBonusDice }),
      say('ts.board.buildingsLeft', { list: built }),
      committed ? (committed[seat] ? say('ts.board.committed') : say('ts.board.deciding')) : null,
      view.outcome
        ? say('ts.board.final', { score: view.outcome.scores[seat] ?? 0, place: view.outcome.ranking[seat] ?? 0 })
        : null,
    ].filter(Boolean);
    const tasks = pl.revealedTasks.map((id) => {
      const t = specials.get(id);
      return t?.kind === 'TASK' ? `${id} ${t.cities.join('–')} ${say('ts.table.vp', { count: t.vp })}` : id;
    });
    const current = view.toAct.includes(seat);
    return h(
      'g',
      { 'data-legend': seat, 'data-target': `player:${seat}` },
      h('rect', {
        x: 10,
        y: rowY,
        width: W - 20,
        height: 44,
        rx: 6,
        fill: current ? '#FFF3E0' : '#FFFFFF',
        stroke: current ? '#E65100' : '#ccc',
      }),
      playerToken(seat, 30, rowY + 22, 13),
      h(
        'text',
        { x: 50, y: rowY + 17, 'font-size': 14, 'font-weight': current ? 700 : 400 },
        `${current ? '▶ ' : ''}${name(seat)}${seat === view.conductor ? say('ts.board.conductor') : ''}`,
      ),
      h('text', { x: 50, y: rowY + 36, 'font-size': 12, fill: '#333' }, facts.join(' · ')),
      tasks.length > 0
        ? h(
            'text',
            {
              x: W - 20 - saved.length * 34 - 10,
              y: rowY + 17,
              'text-anchor': 'end',
              'font-size': 11,
              fill: '#333',
              'data-tasks': seat,
            },
            say('ts.board.tasks', { list: tasks.join('; ') }),
          )
        : null,
      saved.map(([d, id], i) =>
        die(say, dieOwner(d), d, id, W - 30 - (saved.length - 1 - i) * 34, rowY + 22, 30, {
          'data-target': `die:${id}`,
          'data-zone': 'saved',
        }),
      ),
    );
  });
  return rows;
}
