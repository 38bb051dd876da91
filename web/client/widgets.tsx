import { playerColour, playerLabel } from '../render/players.js';

export function ErrorLine({ error }: { error: string | null }) {
  return error ? (
    <p class="error" role="alert">
      {error}
    </p>
  ) : null;
}

/** A seat's mark as the board draws it: its colour and its number. */
export function SeatMark({ seat }: { seat: number }) {
  return (
    <span class="seat-mark" style={{ background: playerColour(seat) }} aria-hidden="true">
      {playerLabel(seat)}
    </span>
  );
}
