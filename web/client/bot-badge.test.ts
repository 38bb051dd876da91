/**
 * The bot-account badge (docs/accounts.md "Bot accounts"): a short label with a full name for
 * screen readers, in the reader's language, after the name of every seat a bot account holds.
 * There is no DOM here: the components are called and their element trees read, as preact would
 * render them.
 */
import type { TFunction } from 'i18next';
import { Fragment, type VNode } from 'preact';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FinishedGame, Game, LobbyGame } from './api.js';
import { BotBadge } from './bot-badge.js';
import { Seats } from './game/player-panels.js';
import { SeatedPeople } from './pages/lobby.js';
import { FinishedGames, ratingText } from './results.js';
import { translator } from './i18n.testkit.js';

interface Element {
  type: string;
  props: Record<string, unknown>;
  children: (Element | string)[];
}

/** The tree as the browser would get it: function components called (these hold no state), fragments flattened. */
function rendered(node: unknown): (Element | string)[] {
  if (node === null || node === undefined || typeof node === 'boolean') return [];
  if (typeof node === 'string' || typeof node === 'number') return [String(node)];
  if (Array.isArray(node)) return node.flatMap(rendered);
  const { type, props } = node as VNode<Record<string, unknown>>;
  if (type === Fragment) return rendered(props.children);
  if (typeof type === 'function') return rendered((type as (p: object) => unknown)(props));
  return [{ type, props, children: rendered(props.children) }];
}

const all = (nodes: (Element | string)[], match: (e: Element) => boolean): Element[] =>
  nodes.flatMap((n) => (typeof n === 'string' ? [] : [...(match(n) ? [n] : []), ...all(n.children, match)]));
const text = (nodes: (Element | string)[]): string =>
  nodes.map((n) => (typeof n === 'string' ? n : text(n.children))).join('');
const badges = (nodes: (Element | string)[]) => all(nodes, (e) => e.props.class === 'bot-badge');

/** A running game: a person, a bot account and the platform's hard bot. */
const game: Game = {
  id: 'g1',
  game: 'streetcar',
  status: 'active',
  players: 3,
  seats: [
    { seat: 0, name: 'Anna', playerId: 'p-anna', bot: false },
    { seat: 1, name: 'Railbot 9000', playerId: 'p-railbot', bot: false, botAccount: true },
    { seat: 2, name: null, playerId: null, bot: true, level: 'hard' },
  ],
  toAct: [0],
  version: 4,
  seedCommitment: 'c0ffee',
  createdAt: '2026-11-29T08:00:00Z',
  visibility: 'private',
  standInLevel: 'easy',
  yourSeat: 0,
};
const seatName = (s: number) => game.seats[s]!.name ?? `Bot ${s + 1}`;

describe('the bot-account badge', () => {
  // Numbers and dates follow the browser's languages (i18n.ts currentLocale); node has no navigator.
  beforeAll(() => vi.stubGlobal('navigator', { language: 'en-GB', languages: ['en-GB'] }));
  afterAll(() => vi.unstubAllGlobals());

  it.each([
    ['en', 'BOT', 'Bot account'],
    ['cs', 'BOT', 'Účet bota'],
    ['de', 'BOT', 'Bot-Konto'],
    ['ru', 'БОТ', 'Аккаунт бота'],
  ] as const)('%s: shows a short label and names itself in full for screen readers', (lang, label, name) => {
    const [badge] = badges(rendered(BotBadge({ t: translator(lang) })));
    expect(badge).toBeDefined();
    expect(text([badge!])).toBe(label);
    expect(badge!.props).toMatchObject({ role: 'img', 'aria-label': name, title: name });
  });

  it.each(['en', 'cs'] as const)(
    "%s: the table's player list marks the bot account's seat, and neither the person's nor the platform bot's",
    (lang) => {
      const t: TFunction = translator(lang);
      const seats = all(rendered(Seats({ game, seatName, t })), (e) => e.type === 'li');
      expect(seats.map((li) => badges(li.children).map((b) => b.props['aria-label']))).toEqual([
        [],
        [t('bots.account')],
        [],
      ]);
      expect(text(seats[1]!.children)).toContain('Railbot 9000');
      expect(text(seats[2]!.children)).toContain(t('bots.seat', { level: t('bots.hard') }));
    },
  );

  it.each(['en', 'ru'] as const)(
    '%s: a lobby card marks the bot account among the seated, with ratings kept',
    (lang) => {
      const t: TFunction = translator(lang);
      const card = {
        people: [{ name: 'Railbot 9000', botAccount: true }, { name: 'Anna' }],
        ratings: [{ rating: 1500, rd: 60 }, null],
      } as LobbyGame;
      const nodes = rendered(SeatedPeople({ game: card, t }));
      expect(badges(nodes).map((b) => b.props['aria-label'])).toEqual([t('bots.account')]);
      const rating = ratingText(t, card.ratings[0]!);
      expect(text(nodes)).toBe(t('lobby.seated', { names: `Railbot 9000 (${rating}) ${t('bots.badge')}, Anna` }));
    },
  );

  it("a finished game's table marks the bot account's row only", () => {
    const t: TFunction = translator('en');
    const finished: FinishedGame = {
      id: 'g2',
      game: 'streetcar',
      finishedAt: '2026-11-29T09:00:00Z',
      rated: true,
      seats: [
        { seat: 0, name: 'Anna', playerId: 'p-anna', bot: false, place: 2, score: 3, forfeited: false },
        {
          seat: 1,
          name: 'Railbot 9000',
          playerId: 'p-railbot',
          bot: false,
          botAccount: true,
          place: 1,
          score: 5,
          forfeited: false,
        },
      ],
    };
    const rows = all(rendered(FinishedGames({ games: [finished], titles: {}, t })), (e) => e.type === 'tr').slice(1);
    expect(rows.map((tr) => [text(tr.children), badges(tr.children).length])).toEqual([
      ['1.Railbot 9000 BOT5', 1],
      ['2.Anna3', 0],
    ]);
  });
});
