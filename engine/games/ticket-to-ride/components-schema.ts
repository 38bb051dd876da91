/** The published shape of a Ticket to Ride map (TtrMap), the components of either edition. */
import * as z from 'zod';
import { CARD_COLOURS } from './map.js';

const Int = z.number().int().min(0);
const Count = z.record(z.string(), Int);

export const TtrComponentsSchema = z
  .strictObject({
    id: z.enum(['europe', 'germany']),
    title: z.string(),
    cities: z.array(z.string()),
    countries: z
      .array(z.string())
      .meta({ description: "Germany's neighbouring countries (dead ends); empty for Europe" }),
    routes: z.array(
      z.strictObject({
        id: Int,
        a: z.string(),
        b: z.string(),
        length: Int,
        colour: z.enum([...CARD_COLOURS, 'gray']),
        tunnel: z.boolean(),
        ferry: Int.meta({ description: 'Locomotive symbols on a ferry; 0 for other routes' }),
        group: Int.meta({ description: 'Routes between the same two places share a group' }),
        toCountry: z.boolean(),
      }),
    ),
    tickets: z.array(z.strictObject({ id: Int, a: z.string(), b: z.string(), points: Int, long: z.boolean() })),
    routeScoring: Count.meta({ description: 'Route length → points' }),
    trainsPerPlayer: Int,
    stationsPerPlayer: Int,
    unusedStationPoints: Int,
    longestPathBonus: Int,
    globetrotterBonus: Int,
    passengers: z
      .strictObject({ colours: Count, placement: Count, majorityFirst: Int, majoritySecond: Int })
      .nullable()
      .meta({ description: "Germany's passengers: per colour in the bag, per place at setup; null for Europe" }),
    cardsPerColour: Int,
    locomotives: Int,
  })
  .meta({
    id: 'TtrComponents',
    description: 'A Ticket to Ride map: cities, routes, tickets and the counts of its edition',
  });
