import type { AnyGame } from '../../engine/core/index.js';
import type { GameRecord } from '../domain/game.js';
import { viewerFor } from '../service/visibility.js';
import type { GameUi, PanelSection, UiAction } from '../../presentation/game-ui.js';
import { choicesOf, type ChoiceGroup } from './choices.js';

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

/** The position as `seat` sees it now; null before the game has a state. */
export function positionOf(
  def: AnyGame,
  { meta, latest }: GameRecord,
  seat: number,
  ui: GameUi,
  seatName: (seat: number) => string,
): Position | null {
  if (!latest) return null;
  const playerId = meta.seats[seat]?.playerId ?? null;
  const view = def.view(latest.state, viewerFor(meta, playerId, latest.status === 'finished', latest.forfeited));
  const due = latest.status === 'active' && latest.toAct.includes(seat) && !latest.forfeited.includes(seat);
  const legal = due ? (def.legalActions(latest.state, seat) as UiAction[]) : [];
  return {
    panel: ui.privatePanel(view, def.components),
    scores: ui.scores?.(view, seatName) ?? [],
    choices: choicesOf(ui, legal, def.components, view),
  };
}
