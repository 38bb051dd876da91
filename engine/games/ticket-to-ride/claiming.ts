/**
 * Claiming routes (TTRE-7, TTRG-7) with Europe's tunnels (TTRE-10) and Germany's passengers
 * (TTRG-9), and building Europe's stations (TTRE-12).
 */
import { RuleError, ruleCheck } from '../../core/index.js';
import { addCards, canonical, cardList, handOf, type Cards } from './cards.js';
import { discard, draw, takeFromHand } from './draft-cards.js';
import type { Legal } from './legal.js';
import type { CardType, Route } from './map.js';
import { setFits } from './payment.js';
import { pendingOf, type D, type Of, type TtrContext } from './rules-context.js';
import type { TurnEnd } from './turn-end.js';

const TUNNEL_REVEAL = 3;

export function claiming({ map, routes, germany, R }: TtrContext, legal: Legal, { endTurn }: TurnEnd) {
  const { claimBlock, claimRule, stationRule, tunnelExtraRule, passengerChoices } = legal;

  function claimRoute(d: D, a: Of<'claim_route'>): void {
    const route = routes.get(a.route);
    ruleCheck(route, 'unknown_route', `There is no route ${a.route}`, R('7.1', '7.1'));
    const block = claimBlock(d.state, d.seat, route);
    if (block) throw new RuleError(block.code, block.message, block.rule);
    if (!setFits(a.cards, claimRule(route))) {
      const rule = route.ferry > 0 && !route.tunnel ? '9.2' : route.colour === 'gray' ? '7.7' : '7.5';
      throw new RuleError(
        'wrong_cards',
        `Those cards do not pay for a ${route.colour} route of length ${route.length}`,
        R(rule, '7.3'),
      );
    }
    takeFromHand(d, a.cards, R('7.5', '7.3'));
    if (route.tunnel) return attemptTunnel(d, route, canonical(a.cards));
    discard(d, a.cards);
    d.emit('claimed_route', { seat: d.seat, route: route.id, cards: canonical(a.cards) });
    routeClaimed(d, route);
  }

  function routeClaimed(d: D, route: Route): void {
    const { state: s, seat } = d;
    s.routeOwners[String(route.id)] = seat;
    s.trains[seat]! -= route.length;
    const points = map.routeScoring[route.length] ?? 0;
    s.routePoints[seat]! += points;
    d.emit('scored', { seat, route: route.id, points });
    if (germany && (passengerChoices(s, route.a).length > 1 || passengerChoices(s, route.b).length > 1)) {
      s.pending = { kind: 'passengers', route: route.id };
      return;
    }
    endTurn(d, true);
  }

  /** TTRE-10: commit, reveal three, and settle at once when nothing extra is due. */
  function attemptTunnel(d: D, route: Route, committed: Cards): void {
    const revealed: CardType[] = [];
    for (let i = 0; i < TUNNEL_REVEAL; i++) {
      const card = draw(d);
      if (card === null) break;
      revealed.push(card);
    }
    const colour = cardList(committed).find((c) => c !== 'loco');
    const match = colour ?? 'loco';
    const extra = revealed.filter((c) => c === 'loco' || c === match).length;
    d.emit('tunnel_revealed', { seat: d.seat, route: route.id, committed, revealed, extra });
    if (extra === 0) {
      discard(d, addCards(handOf(revealed), committed));
      routeClaimed(d, route);
      return;
    }
    d.state.pending = { kind: 'tunnel', route: route.id, committed, revealed, extra, match };
  }

  function payTunnel(d: D, a: Of<'pay_tunnel'>): void {
    const pending = pendingOf(d.state, 'tunnel');
    if (!setFits(a.cards, tunnelExtraRule(pending))) {
      throw new RuleError(
        'wrong_cards',
        `The extra cost is ${cardCount(pending.extra)} of ${pending.match === 'loco' ? 'locomotives' : `${pending.match} or locomotives`}`,
        'TTRE-10.9',
      );
    }
    takeFromHand(d, a.cards, 'TTRE-10.10');
    discard(d, addCards(addCards(handOf(pending.revealed), pending.committed), a.cards));
    d.emit('tunnel_paid', { seat: d.seat, route: pending.route, cards: canonical(a.cards) });
    d.state.pending = null;
    routeClaimed(d, routes.get(pending.route)!);
  }

  function withdrawTunnel(d: D): void {
    const pending = pendingOf(d.state, 'tunnel');
    d.state.hands[d.seat] = addCards(d.state.hands[d.seat]!, pending.committed);
    discard(d, handOf(pending.revealed));
    d.emit('tunnel_withdrawn', { seat: d.seat, route: pending.route });
    endTurn(d, true);
  }

  function takePassengers(d: D, a: Of<'take_passengers'>): void {
    const route = routes.get(pendingOf(d.state, 'passengers').route)!;
    for (const [location, colour] of [
      [route.a, a.a],
      [route.b, a.b],
    ] as const) {
      if (colour === null) continue;
      ruleCheck(
        passengerChoices(d.state, location).includes(colour),
        'no_such_passenger',
        `There is no ${colour} passenger in ${location}`,
        'TTRG-9.3',
      );
      d.state.passengersAt[location]![colour]! -= 1;
      const pool = d.state.passengers[d.seat]!;
      pool[colour] = (pool[colour] ?? 0) + 1;
    }
    d.emit('took_passengers', { seat: d.seat, route: route.id, a: a.a, b: a.b });
    endTurn(d, true);
  }

  function buildStation(d: D, { city, cards }: Of<'build_station'>): void {
    const { state: s, seat } = d;
    ruleCheck(map.cities.includes(city), 'unknown_city', `There is no city ${city}`, 'TTRE-12.1');
    ruleCheck((s.stationsLeft[seat] ?? 0) > 0, 'no_stations_left', 'You have built all your stations', 'TTRE-12.2');
    ruleCheck(
      !s.stations.some((st) => st.city === city),
      'city_has_station',
      `${city} already has a station`,
      'TTRE-12.6',
    );
    const rule = stationRule(s, seat);
    ruleCheck(
      setFits(cards, rule),
      'wrong_cards',
      `This station costs ${cardCount(rule.size)} of one colour (locomotives count as any)`,
      'TTRE-12.4',
    );
    takeFromHand(d, cards, 'TTRE-12.4');
    discard(d, cards);
    s.stationsLeft[seat]! -= 1;
    s.stations.push({ city, seat });
    d.emit('built_station', { seat, city, cards: canonical(cards) });
    endTurn(d, true);
  }

  return { claimRoute, payTunnel, withdrawTunnel, takePassengers, buildStation };
}

/** "1 card", "2 cards": the refusals' wording. */
function cardCount(n: number): string {
  return `${n} card${n === 1 ? '' : 's'}`;
}
