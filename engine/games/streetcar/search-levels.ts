/**
 * Streetcar's departures from the shared search levels: one move deep, each candidate
 * scored at once by `estimate` in determinized worlds, rather than by greedy simulations. A greedy
 * step rates some seventy builds (5–10 ms), so simulations of any useful length left a handful per
 * move within the caps, while the plan (plan.ts) behind both the candidates and the estimate already
 * prices the turns a move saves; the worlds differ in the other seats' hidden hands and schedules.
 * Rewards are the estimate's chances to win, not places: a place would flatten them into won or
 * lost, and rate a stalemate (every seat first, SC-12.3) nearly as high as a win.
 */
import type { SearchConfig } from '../../core/index.js';

export const searchLevels: { medium: Partial<SearchConfig>; hard: Partial<SearchConfig> } = {
  medium: { rolloutDepth: 0, placeWeight: 0 },
  hard: { rolloutDepth: 0, placeWeight: 0 },
};
