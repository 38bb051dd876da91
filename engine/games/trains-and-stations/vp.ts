/** The VP bank: supply, reserve and the end trigger (TS-10.1–10.3, AMB-1–3). */
import type { TsState } from './state.js';

/** Pays `n` VP to a seat from the supply, then the reserve, then without limit. */
export function payVP(s: TsState, seat: number, n: number): void {
  if (n <= 0) return;
  const fromSupply = Math.min(n, s.supply);
  const fromReserve = Math.min(n - fromSupply, s.reserve);
  s.supply -= fromSupply;
  s.reserve -= fromReserve;
  s.minted += n - fromSupply - fromReserve;
  const p = s.players[seat];
  if (p) p.vp += n;
  if (s.supply === 0) s.endTriggered = true;
}

/** A strike: up to `n` VP go back to the supply (AMB-2); the end flag is never cleared (TS-10.3). */
export function loseVP(s: TsState, seat: number, n: number): number {
  const p = s.players[seat];
  if (!p) return 0;
  const lost = Math.min(n, p.vp);
  p.vp -= lost;
  s.supply += lost;
  return lost;
}
