/** The opening (TTRE-3, TTRG-3): every seat keeps some of its dealt tickets; Germany announces its mix first. */
import { ruleCheck } from '../../core/index.js';
import { GERMANY_TICKET_DRAW, inDealtOrder, type D, type Of, type TtrContext } from './rules-context.js';

export function openingChoices({ tickets, germany, typeCounts, R }: TtrContext) {
  function chooseOpening(d: D, { short }: Of<'choose_initial_tickets'>): void {
    const { state: s, seat } = d;
    const o = s.opening[seat]!;
    ruleCheck(o.short === null, 'already_chosen', 'You have already drawn your opening tickets', 'TTRG-3.2');
    ruleCheck(
      Number.isInteger(short) && short >= 0 && short <= GERMANY_TICKET_DRAW,
      'bad_ticket_mix',
      'Announce 0 to 4 short tickets; the rest of the 4 are long',
      'TTRG-3.1',
    );
    o.short = short;
    o.dealt = [...s.ticketDecks.short.splice(0, short), ...s.ticketDecks.long.splice(0, GERMANY_TICKET_DRAW - short)];
    const mix = { short, long: GERMANY_TICKET_DRAW - short };
    d.emitSecret({ type: 'drew_opening_tickets', data: { seat, ...mix, tickets: o.dealt } }, [seat], {
      type: 'drew_opening_tickets',
      data: { seat, ...mix },
    });
  }

  function keepOpening(d: D, { tickets: kept }: Of<'keep_initial_tickets'>): void {
    const { state: s, seat } = d;
    const o = s.opening[seat]!;
    ruleCheck(
      !(germany && o.short === null),
      'announce_first',
      'Announce your mix of short and long tickets first',
      'TTRG-3.2',
    );
    ruleCheck(kept.length >= 2, 'keep_at_least_two', 'Keep at least two of your opening tickets', R('3.2', '3.3'));
    ruleCheck(
      new Set(kept).size === kept.length && kept.every((t) => o.dealt.includes(t)),
      'not_dealt',
      'Keep only tickets you were dealt',
      R('3.2', '3.3'),
    );
    ruleCheck(
      inDealtOrder(kept, o.dealt),
      'not_in_order',
      'Name the kept tickets in the order they were dealt (as legalActions lists them)',
      R('3.2', '3.3'),
    );
    o.kept = kept;
    const returned = o.dealt.filter((t) => !kept.includes(t));
    if (germany) for (const id of returned) (tickets.get(id)!.long ? s.setAside.long : s.setAside.short).push(id);
    // Germany: how many of each type were kept is public (TTRG-H5); Europe keeps even the count secret until turn 1 (TTRE-H12).
    d.emitSecret({ type: 'kept_opening_tickets', data: { seat, kept } }, [seat], {
      type: 'kept_opening_tickets',
      data: { seat, ...(germany ? typeCounts(kept) : {}) },
    });
    if (s.opening.every((x) => x.kept !== null)) startPlay(d);
  }

  function startPlay(d: D): void {
    const s = d.state;
    // Copies: the state must not alias arrays (it is cloned, stored as JSON and edited by tests).
    s.tickets = s.opening.map((o) => [...(o.kept ?? [])]);
    if (germany) {
      // Handed-back tickets go back into their decks, and both are reshuffled (TTRG-3.4).
      s.ticketDecks = {
        short: d.rng.shuffle([...s.ticketDecks.short, ...s.setAside.short]),
        long: d.rng.shuffle([...s.ticketDecks.long, ...s.setAside.long]),
      };
      s.setAside = { short: [], long: [] };
    }
    s.phase = 'turn';
    d.emit('play_started', { first: s.current, ticketsKept: s.tickets.map((t) => t.length) });
  }

  return { chooseOpening, keepOpening };
}
