/** The parts of glicko2 1.2.2 (CommonJS, untyped) that functions/service/rating.ts uses. */
declare module 'glicko2' {
  export interface GlickoSettings {
    tau?: number;
    rating?: number;
    rd?: number;
    vol?: number;
  }
  export interface GlickoPlayer {
    getRating(): number;
    getRd(): number;
    getVol(): number;
  }
  /** Players grouped by place, best first; players in one group tied. */
  export interface Race {
    getMatches(): [GlickoPlayer, GlickoPlayer, number][];
  }
  export class Glicko2 {
    constructor(settings?: GlickoSettings);
    makePlayer(rating?: number, rd?: number, vol?: number): GlickoPlayer;
    makeRace(results: GlickoPlayer[][]): Race;
    updateRatings(matches: Race | [GlickoPlayer, GlickoPlayer, number][]): void;
  }
  const glicko2: { Glicko2: typeof Glicko2 };
  export default glicko2;
}
