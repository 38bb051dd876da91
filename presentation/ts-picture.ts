/** What every part of the Trains & Stations picture draws with: the data, the view, the words and the layout. */
import type { Die } from '../engine/games/trains-and-stations/state.js';
import type { TsView } from '../engine/games/trains-and-stations/view.js';
import type { RenderBoardOptions } from './board-options.js';
import { playerName } from './players.js';
import { boardLayout, type Pt, type TsComponents, type TsLayout } from './ts-layout.js';

export interface TsPicture {
  c: TsComponents;
  view: TsView;
  options: RenderBoardOptions;
  name: (seat: number) => string;
  /** A `ts.…` message in the reader's language. */
  say: (key: string, vars?: Record<string, string | number>) => string;
  /** Whose a die is, in words: a white bonus die or a seat's. */
  dieOwner: (d: Die) => string;
  L: TsLayout;
  /** The picture's width: the map's, at least 900. */
  W: number;
  /** A layout point moved to where the map is centred in the picture. */
  X: (q: Pt) => Pt;
}

export function tsPicture(c: TsComponents, view: TsView, options: RenderBoardOptions): TsPicture {
  const names = options.seatNames;
  const name = (seat: number) => playerName(options.t, seat, names);
  /** A `ts.…` message in the reader's language. */
  const say = (key: string, vars: Record<string, string | number> = {}): string => options.t(key, vars);
  /** Whose a die is, in words: a white bonus die or a seat's. */
  const dieOwner = (d: Die): string =>
    d.owner === null ? say('ts.picture.whiteDie') : say('ts.board.dieOf', { who: name(d.owner) });
  const L = boardLayout(c);
  const W = Math.max(L.width, 900);
  const ox = (W - L.width) / 2;
  const X = (q: Pt): Pt => [q[0] + ox, q[1]];
  return { c, view, options, name, say, dieOwner, L, W, X };
}
