import type { AnyGame } from '../../engine/core/index.js';
import type { TtrView } from '../../engine/games/ticket-to-ride/view.js';
import type { VntView } from '../../engine/games/vlaky-na-trati/view.js';
import type { GameRecord } from '../domain/game.js';
import { viewerFor } from '../service/visibility.js';
import type { GameUi, PanelSection, UiAction } from '../../presentation/game-ui.js';
import { choicesOf, type ChoiceGroup } from './choices.js';
import type { Words } from './wording.js';

/**
 * What a turn email shows of the game: the recipient's own panel as the web client
 * shows it (hand, tickets or route card…), every seat's public score where the game keeps one
 * during play, and every legal action with its reply code.
 */
export interface Position {
  panel: PanelSection[];
  scores: string[];
  choices: ChoiceGroup[];
}

/** The running score lines of the games that have one in their public view. */
function scoresOf(game: string, view: unknown, seatName: (seat: number) => string, words: Words): string[] {
  switch (game) {
    case 'ticket-to-ride-europe':
    case 'ticket-to-ride-germany':
      return (view as TtrView).players.map((p) =>
        words('mail.score.ttr', { name: seatName(p.seat), count: p.routePoints, trains: p.trains, cards: p.cards }),
      );
    case 'vlaky-na-trati':
      return (view as VntView).players.map((p) =>
        words('mail.score.points', { name: seatName(p.seat), count: p.score }),
      );
    default:
      return [];
  }
}

/** The position as `seat` sees it now; null before the game has a state. */
export function positionOf(
  def: AnyGame,
  { meta, latest }: GameRecord,
  seat: number,
  ui: GameUi,
  seatName: (seat: number) => string,
  words: Words,
): Position | null {
  if (!latest) return null;
  const playerId = meta.seats[seat]?.playerId ?? null;
  const view = def.view(latest.state, viewerFor(meta, playerId, latest.status === 'finished', latest.forfeited));
  const due = latest.status === 'active' && latest.toAct.includes(seat) && !latest.forfeited.includes(seat);
  const legal = due ? (def.legalActions(latest.state, seat) as UiAction[]) : [];
  return {
    panel: ui.privatePanel(view, def.components),
    scores: scoresOf(meta.game, view, seatName, words),
    choices: choicesOf(ui, legal, def.components, view),
  };
}
