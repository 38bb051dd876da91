/**
 * The Ticket to Ride table: the face-up market and the deck as cards taken with one
 * tap, the viewer's hand as card faces grouped by colour, their tickets as tickets whose cities are
 * marked on the map while one is in focus, the ticket choice as one toggle per ticket and one
 * confirm, and the step "build a station" that makes the board's cities the places to tap.
 */
import type { TFunction } from 'i18next';
import { useEffect, useMemo, useState } from 'preact/hooks';
import type { CardType, Ticket, TtrMap } from '../../../engine/games/ticket-to-ride/map.js';
import type { TtrView } from '../../../engine/games/ticket-to-ride/view.js';
import { cardFace, handGroups } from '../../../presentation/ttr-cards.js';
import {
  canBuildStation,
  drawsByMix,
  keepAction,
  keepActions,
  keepMinimum,
  ticketMixes,
  ticketState,
  type TicketMix as Mix,
} from '../../../presentation/ttr-table.js';
import type { TableProps } from './table.js';
import { Legend } from './legend.js';
import { ttrLegend } from '../../../presentation/ttr-legend.js';
import { asTranslate } from '../i18n.js';

/** `t` over keys made at run time (a card type in the key); the catalogs' own types cannot check those. */
const say = (t: TFunction, key: string, vars?: object): string =>
  (t as unknown as (k: string, v?: object) => string)(key, vars);

const citiesOf = (ticket: Pick<Ticket, 'a' | 'b'>): string[] => [`place:${ticket.a}`, `place:${ticket.b}`];

function CardFace({ type }: { type: CardType | null }) {
  // The picture comes from presentation/, which escapes everything it draws.
  return <span class="ttr-face" dangerouslySetInnerHTML={{ __html: cardFace(type) }} />;
}

function TtrTable({
  t,
  ui,
  view,
  components,
  legal,
  busy,
  mode,
  onMode,
  actionsAt,
  onPick,
  onAct,
  onMarks,
  picked,
}: TableProps) {
  const v = view as TtrView;
  const map = components as TtrMap;
  const can = (key: string) => !busy && actionsAt(key).length > 0;
  const stationPossible = canBuildStation(legal);
  const [focused, setFocused] = useState<number | null>(null);

  useEffect(() => {
    if (mode === 'station' && !stationPossible) onMode(null);
  }, [mode, stationPossible]);
  const focusedTicket = [...(v.you?.tickets ?? []), ...(v.you?.choosing ?? [])].find((tk) => tk.id === focused);
  const marks = focusedTicket ? citiesOf(focusedTicket).join('\n') : '';
  useEffect(() => onMarks(marks ? marks.split('\n') : []), [marks]);
  useEffect(() => () => onMarks([]), []);

  /** Hover and focus show a ticket's cities on the map; leaving it hides them. */
  const showing = (id: number) => ({
    onMouseEnter: () => setFocused(id),
    onMouseLeave: () => setFocused((f) => (f === id ? null : f)),
    onFocus: () => setFocused(id),
    onBlur: () => setFocused((f) => (f === id ? null : f)),
  });

  const ticketFace = (ticket: Ticket, state?: string) => (
    <>
      <span class="ttr-route">
        {ticket.a} – {ticket.b}
      </span>
      <span class="ttr-points">{say(t, 'ttr.table.points', { count: ticket.points })}</span>
      {ticket.long && <span class="ttr-long">{t('ttr.table.long')}</span>}
      {state && (
        <span class={`ttr-state ${state}`}>
          {state !== 'notConnected' ? '✓ ' : ''}
          {say(t, `ttr.panel.${state}`)}
        </span>
      )}
    </>
  );

  const you = v.you;
  const choosing = you?.choosing && keepActions(legal).length > 0 ? you.choosing : null;
  const me = v.players.find((p) => p.seat === you?.seat);
  const handTotal = you ? Object.values(you.hand).reduce((a, b) => a + b, 0) : 0;
  const ticketsLeft = v.ticketDecks.short + v.ticketDecks.long;
  const twoDecks = drawsByMix(map);
  const mixes = ticketMixes(legal, v.ticketDecks);
  // Germany's opening draw is announced as a mix too (TTRG-3.1, 3.2), with no pile to tap first.
  const opening = mixes.some((m) => m.action.type === 'choose_initial_tickets');
  return (
    <section class="ttr-table" data-table aria-label={t('ttr.table.label')}>
      {choosing && (
        <TicketChoice
          key={choosing.map((c) => c.id).join()}
          t={t}
          tickets={choosing}
          legal={legal}
          busy={busy}
          onAct={onAct}
          showing={showing}
          face={ticketFace}
        />
      )}
      <h2>{t('ttr.table.market')}</h2>
      <ul class="ttr-cards ttr-market">
        {v.market.map((card, slot) => {
          const key = `market:${slot}`;
          const [action] = actionsAt(key);
          return (
            <li key={slot}>
              <button
                class={key === picked ? 'ttr-card picked' : 'ttr-card'}
                data-target={key}
                data-card={card ?? 'none'}
                disabled={!can(key)}
                aria-label={action ? ui.describeAction(action, components, view) : undefined}
                onClick={() => onPick(key)}
              >
                <CardFace type={card} />
                <span class="ttr-name">{card ? say(t, `ttr.card.${card}`) : t('ttr.table.empty')}</span>
              </button>
            </li>
          );
        })}
        <li>
          <button class="ttr-card ttr-deck" data-target="deck" disabled={!can('deck')} onClick={() => onPick('deck')}>
            <CardFace type={null} />
            <span class="ttr-name">{t('ttr.table.deck', { count: v.deckCount })}</span>
          </button>
        </li>
      </ul>
      <div class="ttr-moves">
        <button
          class={picked === 'tickets' ? 'ttr-pile picked' : 'ttr-pile'}
          data-target="tickets"
          disabled={!can('tickets')}
          onClick={() => onPick('tickets')}
        >
          <span class="ttr-pile-title">{t('ttr.table.ticketPile')}</span>
          {twoDecks ? (
            <>
              <span class="ttr-deck-count short">{t('ttr.table.shortLeft', { count: v.ticketDecks.short })}</span>
              <span class="ttr-deck-count long">{t('ttr.table.longLeft', { count: v.ticketDecks.long })}</span>
            </>
          ) : (
            <span>{t('ttr.table.ticketsLeft', { count: ticketsLeft })}</span>
          )}
        </button>
        {stationPossible && (
          <button
            class="ttr-station"
            aria-pressed={mode === 'station'}
            disabled={busy}
            onClick={() => onMode(mode === 'station' ? null : 'station')}
          >
            {mode === 'station' ? t('ttr.table.stationOn') : t('ttr.table.station')}
          </button>
        )}
      </div>
      {(opening || (picked === 'tickets' && mixes.length > 1)) && (
        <TicketMix t={t} mixes={mixes} busy={busy} onAct={onAct} />
      )}
      {mode === 'station' && <p class="hint">{t('ttr.table.stationHint')}</p>}
      {you && (
        <>
          <h2>{t('ttr.panel.cards', { n: handTotal })}</h2>
          <ul class="ttr-cards ttr-hand">
            {handGroups(you.hand).map(({ type, count }) => (
              <li key={type} class="ttr-card" data-card={type} data-count={count}>
                <CardFace type={type} />
                <span class="ttr-count" aria-hidden="true">
                  {count}
                </span>
                <span class="ttr-name">{say(t, `ttr.cards.${type}`, { count })}</span>
              </li>
            ))}
            {handTotal === 0 && <li>{t('ttr.noCards')}</li>}
          </ul>
          <h2>{t('ttr.panel.tickets', { n: you.tickets.length })}</h2>
          <ul class="ttr-tickets">
            {you.tickets.map((ticket) => {
              const state = ticketState(map, v, you.seat, ticket);
              return (
                <li key={ticket.id}>
                  <button
                    class={`ttr-ticket ${state}`}
                    aria-pressed={focused === ticket.id}
                    data-ticket={ticket.id}
                    {...showing(ticket.id)}
                    onClick={() => setFocused(ticket.id)}
                  >
                    {ticketFace(ticket, state)}
                  </button>
                </li>
              );
            })}
            {you.tickets.length === 0 && <li>{t('ttr.panel.noneYet')}</li>}
          </ul>
          {me && (
            <p class="hint">
              {[
                t('ttr.panel.trainsLeft', { count: me.trains }),
                map.stationsPerPlayer > 0 ? t('ttr.panel.stationsLeft', { count: me.stationsLeft }) : null,
                t('ttr.panel.routePoints', { count: me.routePoints }),
              ]
                .filter(Boolean)
                .join(', ')}
            </p>
          )}
        </>
      )}
      <Legend title={t('legend.title')} entries={ttrLegend(asTranslate(t), map)} />
    </section>
  );
}

/** The tickets drawn, each kept or not by a tap, and one confirm once the set may be kept (TTRE-3.2, TTRE-11.3). */
function TicketChoice({
  t,
  tickets,
  legal,
  busy,
  onAct,
  showing,
  face,
}: {
  t: TFunction;
  tickets: readonly Ticket[];
  legal: TableProps['legal'];
  busy: boolean;
  onAct: TableProps['onAct'];
  showing: (id: number) => object;
  face: (ticket: Ticket) => preact.ComponentChildren;
}) {
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const min = useMemo(() => keepMinimum(legal), [legal]);
  const action = keepAction(legal, [...chosen]);
  const toggle = (id: number) =>
    setChosen((c) => {
      const next = new Set(c);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return (
    <div class="ttr-choice" role="group" aria-label={t('ttr.table.choose')}>
      <h2>{t('ttr.table.choose')}</h2>
      <p class="hint">{t('ttr.table.keepAtLeast', { count: min })}</p>
      <ul class="ttr-tickets">
        {tickets.map((ticket) => (
          <li key={ticket.id}>
            <button
              class="ttr-ticket"
              aria-pressed={chosen.has(ticket.id)}
              data-ticket={ticket.id}
              {...showing(ticket.id)}
              onClick={() => toggle(ticket.id)}
            >
              <span class="ttr-check" aria-hidden="true">
                {chosen.has(ticket.id) ? '☑' : '☐'}
              </span>
              {face(ticket)}
            </button>
          </li>
        ))}
      </ul>
      <button class="ttr-keep" disabled={busy || !action} onClick={() => action && onAct(action)}>
        {t('ttr.table.keep', { count: chosen.size })}
      </button>
    </div>
  );
}

/** Germany's draws: the mix of short and long tickets, announced before drawing (TTRG-3.2, TTRG-10.1), one button per legal mix. */
function TicketMix({
  t,
  mixes,
  busy,
  onAct,
}: {
  t: TFunction;
  mixes: readonly Mix[];
  busy: boolean;
  onAct: TableProps['onAct'];
}) {
  const total = mixes[0]!.short + mixes[0]!.long;
  return (
    <div class="ttr-mix choices" role="group" aria-label={t('ttr.table.mix')}>
      <h2>{t('ttr.table.mix')}</h2>
      <p class="hint">{t('ttr.table.mixHint', { count: total })}</p>
      <ul>
        {mixes.map((mix) => (
          <li key={mix.short}>
            <button disabled={busy} data-mix={mix.short} onClick={() => onAct(mix.action)}>
              <span class="ttr-backs" aria-hidden="true">
                {Array.from({ length: mix.short }, (_, i) => (
                  <span key={`s${i}`} class="ttr-back short" />
                ))}
                {Array.from({ length: mix.long }, (_, i) => (
                  <span key={`l${i}`} class="ttr-back long" />
                ))}
              </span>
              <span>{t('ttr.table.mixOption', { short: mix.short, long: mix.long })}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The table its manifest names. */
export { TtrTable as table };
