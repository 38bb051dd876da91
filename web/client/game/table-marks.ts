import type { TFunction } from 'i18next';
import { useEffect, useRef } from 'preact/hooks';

/**
 * A game's table holds places too (Ticket to Ride's market and piles): the other seats' last moves
 * there are marked like those on the board. The ref goes on the element holding the table.
 */
export function useRecentOnTable(recent: Map<string, number[]>, seatName: (seat: number) => string, t: TFunction) {
  const holder = useRef<HTMLElement>(null);
  useEffect(() => {
    for (const el of holder.current?.querySelectorAll<HTMLElement>('[data-target]') ?? []) {
      const seats = recent.get(el.dataset.target ?? '');
      el.classList.toggle('recent', seats !== undefined);
      if (seats) el.dataset.recent = t('game.lastMoveOf', { names: seats.map(seatName).join(', ') });
      else delete el.dataset.recent;
    }
  });
  return holder;
}
