import { defineManifest } from '../../core/manifest.js';

export const manifest = defineManifest({
  id: 'streetcar',
  title: 'Streetcar (Linie 1)',
  minPlayers: 2,
  maxPlayers: 5,
  listed: true,
  rulesRevision: '2026-11-29',
  position: 3,
  wording: 'sc',
  options:
    'variants as flags: `circuit` (V1), `turnstile` (V2), `exchangePass` (V3), `handicap` (V4: extra hand size per seat), `centralSupply` (V5); `strictExtendable` (AMB-3); `firstPlayer` (default 0)',
  readme: 'streetcar/README.md',
  presentation: 'streetcar.game',
  table: 'streetcar-table',
});
