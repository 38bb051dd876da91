/**
 * The Ticket to Ride legend: the map's marks without words (cities, neighbouring countries, tunnels,
 * ferries' locomotive symbols, waiting passengers), drawn by the board's own functions, with what each
 * means. A map shows only the entries for the marks it has.
 */
import type { Route, TtrMap } from '../engine/games/ticket-to-ride/map.js';
import type { Translate } from './game-ui.js';
import { legendPicture, type LegendEntry } from './legend.js';
import { cars, cityMark, countryMark, passengerMark } from './ttr-marks.js';

export const TTR_MARKS = ['city', 'country', 'tunnel', 'ferry', 'passengers'] as const;
export type TtrMark = (typeof TTR_MARKS)[number];

/** The marks a map's board can show. */
export function ttrMarks(map: TtrMap): TtrMark[] {
  const has: Record<TtrMark, boolean> = {
    city: map.cities.length > 0,
    country: map.countries.length > 0,
    tunnel: map.routes.some((r) => r.tunnel),
    ferry: map.routes.some((r) => r.ferry > 0),
    passengers: map.passengers !== null,
  };
  return TTR_MARKS.filter((m) => has[m]);
}

/** Two gray cars: a tunnel's outline or a ferry's first car with its locomotive symbol. */
const twoCars = (tunnel: boolean, ferry: number): string => {
  const route: Route = { id: 0, a: '', b: '', length: 2, colour: 'gray', tunnel, ferry, group: 0, toCountry: false };
  return legendPicture(cars(route, { x: 0, y: 7 }, { x: 40, y: 7 }, 0, undefined, 0), 40, 14);
};

const PICTURE: Readonly<Record<TtrMark, () => string>> = {
  city: () => legendPicture([cityMark({ x: 10, y: 10 })], 20, 20),
  country: () => legendPicture([countryMark({ x: 10, y: 10 })], 20, 20),
  tunnel: () => twoCars(true, 0),
  ferry: () => twoCars(false, 1),
  passengers: () => legendPicture([passengerMark({ x: 17, y: 1 }, 2)], 16, 16, 0, 2),
};

export const ttrLegend = (t: Translate, map: TtrMap): LegendEntry[] =>
  ttrMarks(map).map((m) => ({ key: m, picture: PICTURE[m](), name: t(`ttr.legend.${m}`) }));
