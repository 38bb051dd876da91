/** The head of the game page: the game's name and whose turn it is (with the viewer's deadline), or how the game ended. */
import type { TFunction } from 'i18next';
import type { Game, ViewReply } from '../api.js';
import { currentLocale } from '../i18n.js';
import { deadlineText } from '../time.js';

interface Props {
  game: Game;
  title: string | null;
  /** When the viewer's turn times out, if it does. */
  deadline: ViewReply['deadline'] | undefined;
  seatName: (s: number) => string;
  t: TFunction;
}

export function StatusBar({ game, title, deadline, seatName, t }: Props) {
  const myTurn = game.yourSeat !== undefined && game.toAct.includes(game.yourSeat);
  return (
    <>
      <h1>{title}</h1>
      <p class="turn">
        {game.status === 'aborted' ? (
          t('finish.aborted')
        ) : game.status === 'finished' ? (
          t('game.over')
        ) : myTurn ? (
          <strong>{t('game.yourTurn')}</strong>
        ) : game.toAct.length > 0 ? (
          t('game.waitingFor', { names: game.toAct.map(seatName).join(', ') })
        ) : (
          t('game.waitingForNobody')
        )}{' '}
        {myTurn && deadline && (
          <span class="deadline">{t('game.deadline', { when: deadlineText(t, currentLocale(), deadline) })}</span>
        )}
      </p>
      {game.yourSeat === undefined && <p class="spectating">{t('game.spectating')}</p>}
    </>
  );
}
