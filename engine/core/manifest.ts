import type { AnyGame } from './contract.js';
import type { SecretSpec } from './kit/secrets.js';

/**
 * What a game declares once, in engine/games/<id>/manifest.ts. The manifest stays light (no rules,
 * no data): the Lambdas list the catalog from the manifests and load a game's module only when a
 * request needs it. `npm run games` derives every registry from the manifests (the engine's, the
 * Lambdas' loaders, the pictures and wording, the web client's tables, the docs' indexes), and
 * test/games-generated.test.ts fails while one of them is out of date.
 */
export interface GameManifest<Id extends string = string> {
  /** The game's id in the API; also its folder under engine/games/. */
  id: Id;
  /** Its name in English; the other languages name it under `gameNames.<id>` in presentation/locales/. */
  title: string;
  minPlayers: number;
  maxPlayers: number;
  /** False for a game kept out of the public catalog. */
  listed: boolean;
  /**
   * The revision of its rules, named in every export (docs/fairness.md): bump it (to the date of the
   * change) whenever a change would replay a stored game differently, its RNG uses included.
   */
  rulesRevision: string;
  /** Its place in the catalog's order (ascending; the games' places differ). */
  position: number;
  /** The prefix of its own keys in presentation/locales/<lang>.json (`<wording>.…`), beside `gameNames.<id>`. */
  wording: string;
  /** Its options in a few words, for the table of games in README.md. */
  options: string;
  /** The README that records its model and its choices where the rules are silent, relative to engine/games/. */
  readme: string;
  /** The module under presentation/ that exports its picture and wording as `presentation`. */
  presentation: string;
  /** The module under web/client/table/ that exports its table as `table`; none for the plain private panel. */
  table?: string;
}

/** The manifest as written, its id kept as a literal type (the API's types are per game id). */
export const defineManifest = <const Id extends string>(manifest: GameManifest<Id>): GameManifest<Id> => manifest;

/** What a game's module (engine/games/<id>/index.ts) exports as `entry`: its definition and its hidden information (leak scans). */
export interface CatalogEntry {
  game: AnyGame;
  secrets: SecretSpec;
}
