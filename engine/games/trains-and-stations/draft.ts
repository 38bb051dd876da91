import type { Draft } from '../../core/index.js';
import type { TsEvent } from './schemas.js';
import type { TsState } from './state.js';

/** The kit's private copy of a T&S state, with its RNG and a log typed by the published events. */
export type TsDraft = Draft<TsState, TsEvent>;
