/**
 * The Trains & Stations table: the dice in play and the viewer's saved dice drawn as
 * dice to pick; the buttons of the step due, each the legal action the picked dice mean (a roll
 * keeping saved faces, a re-roll for a coin, coins, the end with the dice to save); picked dice narrow
 * what glows on the board (a train die: its spaces; three like building dice: the cities); the special
 * cards dealt at setup as cards to keep; and the viewer's sheet (VP, coins, dice, buildings, goods and
 * special cards) drawn as things with their counts.
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import type { TsView } from '../../../engine/games/trains-and-stations/view.js';
import type { UiAction } from '../../../presentation/game-ui.js';
import type { TsComponents } from '../../../presentation/trains-and-stations.js';
import { buildingPicture, dieFace, goodsCard } from '../../../presentation/ts-pieces.js';
import { keepAction, offerUnits, pickedActions, pickedDice, pickMode, speculateAction, togglePick, usefulDice, type Offer } from '../../../presentation/ts-table.js';
import { asTranslate } from '../i18n.js';
import type { TableProps } from './table.js';

function Picture({ html, class: cls }: { html: string; class: string }) {
  // The picture comes from presentation/, which escapes everything it draws.
  return <span class={cls} dangerouslySetInnerHTML={{ __html: html }} />;
}

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
    const whose = d.owner === null ? t('ts.table.dieWhite', { face: faceWord(d.face) }) : d.owner === you?.seat ? t('ts.table.dieOwn', { face: faceWord(d.face) }) : t('ts.table.dieOf', { n: d.owner + 1, face: faceWord(d.face) });
    return (
      <li key={id}>
        <button class={`ts-die${can ? ' target' : ''}${on ? ' picked' : ''}`} data-die={id} data-face={d.face ?? 'none'} aria-pressed={on} title={whose} disabled={!can} onClick={() => onMode(pickMode(togglePick(picked, id)))}>
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
        return typeof a.bonus === 'number' && a.bonus > 0 ? t('ts.table.do.rollBonus', { count: a.bonus }) : t('ts.table.do.roll');
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
    const meant = type === 'recall' || type === 'stop_rolling' ? legal.filter((a) => a.type === type) : pickedActions(legal, v, type, picked);
    if (meant.length > 0)
      return meant.map((a, i) => (
        <button key={`${type}${i}`} class={type === 'end_resolution' || type === 'roll' ? 'ts-go' : 'secondary'} data-action={type} title={ui.describeAction(a, components, view)} disabled={busy} onClick={() => act(a)}>
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
  const onMap = picked.length > 0 && (pickedActions(legal, v, 'place_train', picked).length > 0 || pickedActions(legal, v, 'build', picked).length > 0);
  const kind = v.pending.kind;
  const mine = you !== null && v.toAct.includes(you.seat);
  return (
    <section class="ts-table" data-table aria-label={t('ts.table.label')}>
      <p class="ts-step" data-step={kind}>
        {tr(`ts.table.step.${kind}`)}
      </p>
      {you && kind === 'keep' && you.dealt.length > 0 && mine && <KeepCards key={you.dealt.join()} t={t} tr={tr} c={c} dealt={you.dealt} legal={legal} busy={busy} onAct={act} />}
      {you && v.pending.kind === 'speculate' && mine && (
        <Speculate key={v.turn} t={t} tr={tr} c={c} newGood={v.pending.good} goods={you.goods} specials={you.specials} legal={legal} busy={busy} onAct={act} describe={(a) => ui.describeAction(a, components, view)} />
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
          <button class="secondary" onClick={() => document.getElementById('board')?.scrollIntoView({ block: 'center' })}>
            {t('ts.table.showMap')}
          </button>
        </p>
      )}
      {buttons.length > 0 && <div class="ts-moves">{buttons}</div>}
      {mine && (kind === 'start' || kind === 'rolling' || kind === 'resolve') && <p class="hint">{tr(`ts.table.hint.${kind}`)}</p>}
      {you && <Sheet t={t} tr={tr} v={v} c={c} seat={you.seat} specials={you.specials} goods={you.goods} />}
      <p class="ts-supply">{t('ts.table.supply', { vp: v.vpSupply, bank: v.bank, deck: v.specialDeck, dice: v.bonusSupply })}</p>
    </section>
  );
}

type Tr = ReturnType<typeof asTranslate>;

/** A special card as it is printed: a task (two cities, its VP) or a goods card (two goods; TS-1.7). */
function specialText(tr: Tr, c: TsComponents, id: string): { kind: 'task' | 'goods'; text: string } {
  const card = c.specialCards.find((s) => s.id === id);
  if (!card) return { kind: 'goods', text: id };
  const city = (x: string) => c.cities.find((y) => y.id === x)?.name ?? x;
  return card.kind === 'TASK'
    ? { kind: 'task', text: tr('ts.table.task', { cities: card.cities.map(city).join(' – '), vp: card.vp }) }
    : { kind: 'goods', text: tr('ts.table.goodsSpecial', { goods: card.goods.map((g) => tr(`ts.good.${g}`)).join(' + ') }) };
}

function SpecialCard({ tr, c, id }: { tr: Tr; c: TsComponents; id: string }) {
  const s = specialText(tr, c, id);
  return (
    <>
      <span class="ts-special-kind">{tr(`ts.table.special.${s.kind}`)}</span>
      <span class="ts-special-text">{s.text}</span>
    </>
  );
}

/** The three dealt special cards, two kept by a tap each and one confirm (TS-2.5, DP-1). */
function KeepCards({ t, tr, c, dealt, legal, busy, onAct }: { t: TableProps['t']; tr: Tr; c: TsComponents; dealt: readonly string[]; legal: readonly UiAction[]; busy: boolean; onAct: (a: UiAction) => void }) {
  const [chosen, setChosen] = useState<readonly string[]>([]);
  const action = keepAction(legal, chosen);
  return (
    <div class="ts-keep" role="group" aria-label={t('ts.table.keepTitle')}>
      <h2>{t('ts.table.keepTitle')}</h2>
      <ul class="ts-specials">
        {dealt.map((id) => (
          <li key={id}>
            <button class="ts-special" data-card={id} aria-pressed={chosen.includes(id)} onClick={() => setChosen((ch) => (ch.includes(id) ? ch.filter((x) => x !== id) : [...ch, id]))}>
              <span class="ts-check" aria-hidden="true">
                {chosen.includes(id) ? '☑' : '☐'}
              </span>
              <SpecialCard tr={tr} c={c} id={id} />
            </button>
          </li>
        ))}
      </ul>
      <button class="ts-go" disabled={busy || !action} onClick={() => action && onAct(action)}>
        {t('ts.table.keep', { count: chosen.length })}
      </button>
    </div>
  );
}

/** The viewer's sheet: VP and coins, dice, buildings left, goods cards, special cards and revealed tasks. */
function Sheet({ t, tr, v, c, seat, specials, goods }: { t: TableProps['t']; tr: Tr; v: TsView; c: TsComponents; seat: number; specials: readonly string[]; goods: Readonly<Record<string, number>> }) {
  const me = v.players[seat];
  if (!me) return null;
  const held = Object.entries(goods).filter(([, n]) => n > 0);
  const count = (n: number) => (
    <span class="ts-count" aria-hidden="true">
      {n}
    </span>
  );
  return (
    <div class="ts-sheet">
      <h2>{t('ts.table.sheet')}</h2>
      <p class="ts-score">
        <span data-vp={me.vp}>{t('ts.table.vp', { count: me.vp })}</span>
        <span data-coins={me.coins}>{tr('ts.coins', { count: me.coins })}</span>
      </p>
      <ul class="ts-things" aria-label={t('ts.table.diceTitle')}>
        <li data-pool={me.diceInPool}>
          <Picture class="ts-pic" html={dieFace(null, seat)} />
          {count(me.diceInPool)}
          <span>{t('ts.table.pool', { count: me.diceInPool })}</span>
        </li>
        <li data-on-track={me.diceOnBoard}>
          <Picture class="ts-pic" html={dieFace('TRAIN', seat)} />
          {count(me.diceOnBoard)}
          <span>{t('ts.table.onTrack', { count: me.diceOnBoard })}</span>
        </li>
        <li data-held={me.heldBonusDice}>
          <Picture class="ts-pic" html={dieFace(null, null)} />
          {count(me.heldBonusDice)}
          <span>{tr('ts.panel.held', { count: me.heldBonusDice })}</span>
        </li>
      </ul>
      <h3>{t('ts.table.buildings')}</h3>
      <ul class="ts-things">
        {Object.entries(me.buildingsLeft).map(([type, n]) => (
          <li key={type} data-building={type} data-count={n}>
            <Picture class="ts-pic" html={buildingPicture(type, seat)} />
            {count(n)}
            <span>{tr('ts.buildingCount', { n, building: tr(`ts.space.${type}`) })}</span>
          </li>
        ))}
      </ul>
      <h3>{t('ts.panel.goods')}</h3>
      <ul class="ts-things">
        {held.map(([good, n]) => (
          <li key={good} data-good={good} data-count={n}>
            <Picture class="ts-pic" html={goodsCard(good)} />
            {count(n)}
            <span>{tr('ts.goodsCount', { n, good: tr(`ts.good.${good}`) })}</span>
          </li>
        ))}
        {held.length === 0 && <li>{t('ts.panel.none')}</li>}
      </ul>
      <h3>{t('ts.panel.specials')}</h3>
      <ul class="ts-specials">
        {specials.map((id) => (
          <li key={id} class="ts-special" data-card={id}>
            <SpecialCard tr={tr} c={c} id={id} />
          </li>
        ))}
        {specials.length === 0 && <li>{t('ts.panel.none')}</li>}
      </ul>
      {me.revealedTasks.length > 0 && (
        <>
          <h3>{t('ts.table.revealed')}</h3>
          <ul class="ts-specials">
            {me.revealedTasks.map((id) => (
              <li key={id} class="ts-special done" data-card={id}>
                <span class="ts-check" aria-hidden="true">
                  ✓
                </span>
                <SpecialCard tr={tr} c={c} id={id} />
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/**
 * A speculation offer (TS-9.2): goods cards counted up and down per good, special goods cards tapped
 * in or out, then one offer once the units are even and at least 2; or the pass.
 */
function Speculate({ t, tr, c, newGood, goods, specials, legal, busy, onAct, describe }: {
  t: TableProps['t'];
  tr: Tr;
  c: TsComponents;
  newGood: string;
  goods: Readonly<Record<string, number>>;
  specials: readonly string[];
  legal: readonly UiAction[];
  busy: boolean;
  onAct: (a: UiAction) => void;
  describe: (a: UiAction) => string;
}) {
  const [offer, setOffer] = useState<Offer>({ goods: {}, specials: [] });
  const action = speculateAction(legal, offer);
  const pass = legal.find((a) => a.type === 'speculate_pass');
  const held = Object.entries(goods).filter(([, n]) => n > 0);
  const goodsCards = specials.filter((id) => c.specialCards.find((s) => s.id === id)?.kind === 'GOODS');
  const step = (good: string, by: number) => setOffer((o) => ({ ...o, goods: { ...o.goods, [good]: Math.max(0, Math.min(goods[good] ?? 0, (o.goods[good] ?? 0) + by)) } }));
  const units = offerUnits(offer);
  return (
    <div class="ts-speculate" role="group" aria-label={t('ts.table.speculateTitle', { good: tr(`ts.good.${newGood}`) })}>
      <h2>{t('ts.table.speculateTitle', { good: tr(`ts.good.${newGood}`) })}</h2>
      <p class="hint">{t('ts.table.speculateHint', { good: tr(`ts.good.${newGood}`) })}</p>
      <ul class="ts-offer">
        {held.map(([good, n]) => {
          const name = tr(`ts.good.${good}`);
          const k = offer.goods[good] ?? 0;
          return (
            <li key={good} data-good={good}>
              <Picture class="ts-pic" html={goodsCard(good)} />
              <span class="ts-offer-name">{t('ts.table.offerOf', { k, n, good: name })}</span>
              <button class="secondary" aria-label={t('ts.table.fewer', { good: name })} disabled={k === 0} onClick={() => step(good, -1)}>
                −
              </button>
              <button class="secondary" aria-label={t('ts.table.more', { good: name })} disabled={k === n} onClick={() => step(good, 1)}>
                +
              </button>
            </li>
          );
        })}
      </ul>
      {goodsCards.length > 0 && (
        <ul class="ts-specials">
          {goodsCards.map((id) => (
            <li key={id}>
              <button class="ts-special" data-card={id} aria-pressed={offer.specials.includes(id)} onClick={() => setOffer((o) => ({ ...o, specials: o.specials.includes(id) ? o.specials.filter((x) => x !== id) : [...o.specials, id] }))}>
                <span class="ts-check" aria-hidden="true">
                  {offer.specials.includes(id) ? '☑' : '☐'}
                </span>
                <SpecialCard tr={tr} c={c} id={id} />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div class="ts-moves">
        <button class="ts-go" data-action="speculate" title={action ? describe(action) : undefined} disabled={busy || !action} onClick={() => action && onAct(action)}>
          {action ? t('ts.table.offer', { count: units / 2, units, good: tr(`ts.good.${newGood}`) }) : t('ts.table.offerNeed')}
        </button>
        {pass && (
          <button class="secondary" data-action="speculate_pass" disabled={busy} onClick={() => onAct(pass)}>
            {describe(pass)}
          </button>
        )}
      </div>
    </div>
  );
}

/** The table its manifest names. */
export { TsTable as table };
