import type { TFunction } from 'i18next';

/** On a phone the page is one long column: a bar at the bottom reaches its parts without scrolling for them (a spectator has no hand). */
/** `hand`: the element holding the player's own things (the game's table, or the private panel). */
export function JumpBar({ t, move, seated, hand }: { t: TFunction; move: boolean; seated: boolean; hand: string }) {
  const go = (id: string) => document.getElementById(id)?.scrollIntoView({ block: 'start' });
  const parts = [
    ['board', t('game.jump.board')],
    ...(move ? [['actions', t('game.jump.move')]] : []),
    ...(seated ? [[hand, t('game.jump.hand')]] : []),
    ['log', t('game.jump.log')],
  ] as const;
  return (
    <nav class="jump" aria-label={t('game.jump.label')}>
      {parts.map(([id, words]) => (
        <button key={id} class="secondary" onClick={() => go(id)}>
          {words}
        </button>
      ))}
    </nav>
  );
}
