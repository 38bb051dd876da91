import { defineManifest } from '../../core/manifest.js';

/** The seat counts, as literals: the board's data gives a figure for each (`vpTotalByPlayers`). */
export const MIN_PLAYERS = 3;
export const MAX_PLAYERS = 5;

export const manifest = defineManifest({
  id: 'trains-and-stations',
  title: 'Trains & Stations',
  minPlayers: MIN_PLAYERS,
  maxPlayers: MAX_PLAYERS,
  listed: true,
  rulesRevision: '2026-11-29',
  position: 4,
  wording: 'ts',
  options: '`conductor`: a seat or `"random"` (default); `manualTasks` (AMB-12: tasks revealed in a secret window)',
  readme: 'trains-and-stations/README.md',
  presentation: 'trains-and-stations.game',
  table: 'ts-table',
});
