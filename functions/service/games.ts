/**
 * Games as the api offers them: one object over the capabilities (seating, reads, play, the log and
 * its export, finishing, timing), which the api's routes and play by mail take whole. Everything
 * else uses the capability it needs (Services, index.ts).
 */
import type { GameExports } from './game-export.js';
import type { GameReads } from './game-reads.js';
import type { Finishing } from './finishing.js';
import type { Play } from './play.js';
import type { Seating } from './seating.js';
import type { Timing } from './timing.js';

export interface GameCapabilities {
  seating: Seating;
  reads: GameReads;
  play: Play;
  exports: GameExports;
  finishing: Finishing;
  timing: Timing;
}

export type Games = Pick<Seating, 'create' | 'join'> &
  Pick<GameReads, 'get' | 'etag' | 'list' | 'view' | 'pictureOf'> &
  Pick<Play, 'act'> &
  Pick<GameExports, 'log' | 'export'> &
  Pick<Finishing, 'resign' | 'abort' | 'requestTakeback' | 'answerTakeback' | 'proposeRematch' | 'answerRematch'> &
  Pick<Timing, 'refreshDeadlines'>;

export function gamesOf({ seating, reads, play, exports, finishing, timing }: GameCapabilities): Games {
  return {
    create: seating.create.bind(seating),
    join: seating.join.bind(seating),
    get: reads.get.bind(reads),
    etag: reads.etag.bind(reads),
    list: reads.list.bind(reads),
    view: reads.view.bind(reads),
    pictureOf: reads.pictureOf.bind(reads),
    act: play.act.bind(play),
    log: exports.log.bind(exports),
    export: exports.export.bind(exports),
    resign: finishing.resign.bind(finishing),
    abort: finishing.abort.bind(finishing),
    requestTakeback: finishing.requestTakeback.bind(finishing),
    answerTakeback: finishing.answerTakeback.bind(finishing),
    proposeRematch: finishing.proposeRematch.bind(finishing),
    answerRematch: finishing.answerRematch.bind(finishing),
    refreshDeadlines: timing.refreshDeadlines.bind(timing),
  };
}
