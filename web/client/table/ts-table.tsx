/**
 * The Trains & Stations table: the dice in play and the viewer's saved dice drawn as
 * dice to pick; the buttons of the step due, each the legal action the picked dice mean (a roll
 * keeping saved faces, a re-roll for a coin, coins, the end with the dice to save); picked dice narrow
 * what glows on the board (a train die: its spaces; three like building dice: the cities); the special
 * cards dealt at setup as cards to keep (ts-keep-cards), a speculation offer (ts-speculate); and the
 * viewer's sheet (ts-sheet).
 */
import { useEffect, useMemo } from 'preact/hooks';
import type { TsView } from '../../../engine/games/trains-and-stations/view.js';
import type { UiAction } from '../../../presentation/game-ui.js';
import type { TsComponents } from '../../../presentation/trains-and-stations.js';
import { dieFace } from '../../../presentation/ts-pieces.js';
import { pickedActions, pickedDice, pickMode, togglePick, usefulDice } from '../../../presentation/ts-table.js';
import { asTranslate } from '../i18n.js';
import type { TableProps } from './table.js';
import { KeepCards } from './ts-keep-cards.js';
import { Sheet } from './ts-sheet.js';
import { Speculate } from './ts-speculate.js';
import { Picture } from './ts-things.js';
import { Legend } from './legend.js';
import { tsLegend } from '../../../presentation/ts-legend.js';

/** Buttons of one action type: the legal actions the picked dice mean, or one disabled button saying what to pick. */
const STEP_BUTTONS = ['roll', 'recall', 'reroll', 'take_coins', 'stop_rolling', 'end_resolution'] as const;

function TsTable({ t, ui, view, components, legal, busy, mode, onMode, onAct }: TableProps) {
  const v = view as TsView;
  const c = components as TsComponents;
  const tr = useMemo(() => asTranslate(t), [t]);
  const picked = pickedDice(mode).filter((id) => v.dice[id] !== undefined);
  const useful = useMemo(() => usefulDice(legal, v), [legal, v]);

  // Picked dice belong to one state: a new one (a move made, or the bots' answer) lets them go.
  useEffect(() => onMode(null), [v]);
  useEffect(() => () => onMode(null), []);

  const act = (a: UiAction) => {
    onMode(null);
    onAct(a);
  };
  const you = v.you;
  const faceWord = (face: string | null) => (face ? tr(`ts.face.${face}`) : '?');

  const die = (id: number) => {
    const d = v.dice[id]!;
    const on = picked.includes(id);
    const can = !busy && useful.has(id);
    const whose =
      d.owner === null
        ? t('ts.table.dieWhite', { face: faceWord(d.face) })
        : d.owner === you?.seat
          ? t('ts.table.dieOwn', { face: faceWord(d.face) })
          : t('ts.table.dieOf', { n: d.owner + 1, face: faceWord(d.face) });
    return (
      <li key={id}>
        <button
          class={`ts-die${can ? ' target' : ''}${on ? ' picked' : ''}`}
          data-die={id}
          data-face={d.face ?? 'none'}
          aria-pressed={on}
          title={whose}
          disabled={!can}
          onClick={() => onMode(pickMode(togglePick(picked, id)))}
        >
          <Picture class="ts-pic" html={dieFace(d.face, d.owner)} />
          <span class="ts-face-name">{faceWord(d.face)}</span>
          {on && (
            <span class="ts-check" aria-hidden="true">
              ✓
            </span>
          )}
        </button>
      </li>
    );
  };

  const inPlay = v.dice.flatMap((d, id) => (d.zone === 'play' ? [id] : []));
  const saved = you ? v.dice.flatMap((d, id) => (d.zone === 'saved' && d.owner === you.seat ? [id] : [])) : [];
  const present = new Set(legal.map((a) => a.type));

  /** A button's words: what the picked dice do, counted (the action list names the dice by number). */
  const buttonWords = (a: UiAction): string => {
    const count = picked.length;
    switch (a.type) {
      case 'roll':
        return typeof a.bonus === 'number' && a.bonus > 0
          ? t('ts.table.do.rollBonus', { count: a.bonus })
          : t('ts.table.do.roll');
      case 'reroll':
        return t('ts.table.do.reroll', { count });
      case 'take_coins':
        return t('ts.table.do.takeCoins', { count });
      case 'end_resolution':
        return count > 0 ? t('ts.table.do.endSave', { count }) : t('ts.table.do.end');
      default:
        return ui.describeAction(a, components, view);
    }
  };

  /** The step's buttons: per type, the actions the picked dice mean, else one disabled button saying what to pick. */
  const buttons = STEP_BUTTONS.filter((type) => present.has(type)).flatMap((type) => {
    const meant =
      type === 'recall' || type === 'stop_rolling'
        ? legal.filter((a) => a.type === type)
        : pickedActions(legal, v, type, picked);
    if (meant.length > 0)
      return meant.map((a, i) => (
        <button
          key={`${type}${i}`}
          class={type === 'end_resolution' || type === 'roll' ? 'ts-go' : 'secondary'}
          data-action={type}
          title={ui.describeAction(a, components, view)}
          disabled={busy}
          onClick={() => act(a)}
        >
          {buttonWords(a)}
        </button>
      ));
    return [
      <button key={type} class="secondary" data-action={type} disabled>
        {tr(`ts.table.pick.${type}`)}
      </button>,
    ];
  });

  // Picked dice that place a train or build: the next tap is on the map (on a phone, above the table).
  const onMap =
    picked.length > 0 &&
    (pickedActions(legal, v, 'place_train', picked).length > 0 || pickedActions(legal, v, 'build', picked).length > 0);
  const kind = v.pending.kind;
  const mine = you !== null && v.toAct.includes(you.seat);
  return (
    <section class="ts-table" data-table aria-label={t('ts.table.label')}>
      <p class="ts-step" data-step={kind}>
        {tr(`ts.table.step.${kind}`)}
      </p>
      {you && kind === 'keep' && you.dealt.length > 0 && mine && (
        <KeepCards key={you.dealt.join()} t={t} tr={tr} c={c} dealt={you.dealt} legal={legal} busy={busy} onAct={act} />
      )}
      {you && v.pending.kind === 'speculate' && mine && (
        <Speculate
          key={v.turn}
          t={t}
          tr={tr}
          c={c}
          newGood={v.pending.good}
          goods={you.goods}
          specials={you.specials}
          legal={legal}
          busy={busy}
          onAct={act}
          describe={(a) => ui.describeAction(a, components, view)}
        />
      )}
      {(inPlay.length > 0 || saved.length > 0) && (
        <div class="ts-dice-area">
          {inPlay.length > 0 && (
            <>
              <h2>{t('ts.table.inPlay')}</h2>
              <ul class="ts-dice ts-in-play">{inPlay.map(die)}</ul>
            </>
          )}
          {saved.length > 0 && (
            <>
              <h2>{t('ts.table.saved')}</h2>
              <ul class="ts-dice ts-saved">{saved.map(die)}</ul>
            </>
          )}
          {picked.length > 0 && (
            <p class="ts-picked">
              {t('ts.table.picked', { count: picked.length })}{' '}
              <button class="link" onClick={() => onMode(null)}>
                {t('ts.table.clear')}
              </button>
            </p>
          )}
        </div>
      )}
      {onMap && (
        <p class="ts-on-map">
          {t('ts.table.onMap')}{' '}
          <button
            class="secondary"
            onClick={() => document.getElementById('board')?.scrollIntoView({ block: 'center' })}
          >
            {t('ts.table.showMap')}
          </button>
        </p>
      )}
      {buttons.length > 0 && <div class="ts-moves">{buttons}</div>}
      {mine && (kind === 'start' || kind === 'rolling' || kind === 'resolve') && (
        <p class="hint">{tr(`ts.table.hint.${kind}`)}</p>
      )}
      {you && <Sheet t={t} tr={tr} v={v} c={c} seat={you.seat} specials={you.specials} goods={you.goods} />}
      <p class="ts-supply">
        {t('ts.table.supply', { vp: v.vpSupply, bank: v.bank, deck: v.specialDeck, dice: v.bonusSupply })}
      </p>
      <Legend title={t('legend.title')} entries={tsLegend(tr, c)} />
    </section>
  );
}

/** The table its manifest names. */
export { TsTable as table };
