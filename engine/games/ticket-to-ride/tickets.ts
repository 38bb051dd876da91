/** Drawing destination tickets in a turn and keeping some of them (TTRE-11, TTRG-10). */
import { ruleCheck } from '../../core/index.js';
import type { Legal } from './legal.js';
import { GERMANY_TICKET_DRAW, inDealtOrder, pendingOf, type D, type Of, type TtrContext } from './rules-context.js';
import type { TurnEnd } from './turn-end.js';

const EUROPE_TICKET_DRAW = 3;

export function ticketDraws(
  { tickets, germany, typeCounts, R }: TtrContext,
  { ticketDrawOptions }: Legal,
  { endTurn }: TurnEnd,
) {
  function drawTickets(d: D, { short }: Of<'draw_tickets'>): void {
    const { state: s, seat } = d;
    const legal = ticketDrawOptions(s);
    ruleCheck(legal.length > 0, 'no_tickets', 'The ticket deck is empty', R('11.2', '10.3'));
    let drawn: number[];
    if (germany) {
      ruleCheck(
        short !== undefined && legal.some((a) => a.type === 'draw_tickets' && a.short === short),
        'bad_ticket_mix',
        'Name how many short tickets to draw; short + long must be 4, or all that is left',
        'TTRG-10.2',
      );
      const total = Math.min(GERMANY_TICKET_DRAW, s.ticketDecks.short.length + s.ticketDecks.long.length);
      drawn = [...s.ticketDecks.short.splice(0, short), ...s.ticketDecks.long.splice(0, total - short)];
    } else {
      ruleCheck(
        short === undefined,
        'bad_ticket_mix',
        'Europe has one ticket deck: draw without naming a mix',
        'TTRE-11.1',
      );
      drawn = s.ticketDecks.short.splice(0, EUROPE_TICKET_DRAW);
    }
    s.pending = { kind: 'tickets', drawn };
    const mix = germany ? { short, long: drawn.length - short! } : {};
    d.emitSecret({ type: 'drew_tickets', data: { seat, tickets: drawn, ...mix } }, [seat], {
      type: 'drew_tickets',
      data: { seat, count: drawn.length, ...mix },
    });
  }

  function keepTickets(d: D, { tickets: kept }: Of<'keep_tickets'>): void {
    const { state: s, seat } = d;
    const { drawn } = pendingOf(s, 'tickets');
    ruleCheck(kept.length >= 1, 'keep_at_least_one', 'Keep at least one ticket', R('11.3', '10.4'));
    ruleCheck(
      new Set(kept).size === kept.length && kept.every((t) => drawn.includes(t)),
      'not_drawn',
      'Keep only tickets you just drew',
      R('11.3', '10.4'),
    );
    ruleCheck(
      inDealtOrder(kept, drawn),
      'not_in_order',
      'Name the kept tickets in the order they were drawn (as legalActions lists them)',
      R('11.3', '10.4'),
    );
    const returned = drawn.filter((t) => !kept.includes(t));
    s.tickets[seat] = [...s.tickets[seat]!, ...kept];
    // Returned tickets go under their own deck in random order (TTRE-11.4, TTRG-10.5). Germany's two
    // decks share one shuffle, so this is not piles' returnUnder (one pile, one shuffle each).
    for (const id of d.rng.shuffle(returned))
      (tickets.get(id)!.long && germany ? s.ticketDecks.long : s.ticketDecks.short).push(id);
    d.emitSecret({ type: 'kept_tickets', data: { seat, kept, returned } }, [seat], {
      type: 'kept_tickets',
      data: { seat, kept: kept.length, returned: returned.length, ...(germany ? typeCounts(kept) : {}) },
    });
    endTurn(d, true);
  }

  return { drawTickets, keepTickets };
}
