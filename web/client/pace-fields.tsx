import type { TFunction } from 'i18next';
import { PACES, paceLabel } from './paces.js';

export type OnTimeout = 'bot' | 'forfeit';

/** A choice of PACES, by index. */
export function PaceSelect({
  t,
  name,
  label,
  pace,
  setPace,
}: {
  t: TFunction;
  name: string;
  label: string;
  pace: number;
  setPace: (pace: number) => void;
}) {
  return (
    <label>
      {label}
      <select name={name} value={pace} onChange={(e) => setPace(Number(e.currentTarget.value))}>
        {PACES.map((p, i) => (
          <option key={i} value={i}>
            {paceLabel(t, p)}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A form's pace (an index into PACES) and, with a deadline, what happens when time runs out. */
export function PaceFields({
  t,
  pace,
  onTimeout,
  setPace,
  setOnTimeout,
}: {
  t: TFunction;
  pace: number;
  onTimeout: OnTimeout;
  setPace: (pace: number) => void;
  setOnTimeout: (onTimeout: OnTimeout) => void;
}) {
  return (
    <>
      <PaceSelect t={t} name="pace" label={t('newGame.pace')} pace={pace} setPace={setPace} />
      {pace > 0 && (
        <label>
          {t('newGame.onTimeout')}
          <select name="onTimeout" value={onTimeout} onChange={(e) => setOnTimeout(e.currentTarget.value as OnTimeout)}>
            <option value="bot">{t('newGame.timeoutBot')}</option>
            <option value="forfeit">{t('newGame.timeoutForfeit')}</option>
          </select>
        </label>
      )}
    </>
  );
}
