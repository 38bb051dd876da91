/**
 * What the web client needs to know about a game beyond its picture: which board places a legal
 * action is about (so a click on the picture narrows the legal actions), how to say an action or a
 * log entry in words, and what the viewer's private panel shows. Pure functions of public components
 * and one viewer's view, like the renderers; no zod or engine runtime code, so the client stays small.
 */

/** An action as the API lists it in `legalActions`. */
export type UiAction = { type: string } & Record<string, unknown>;

/** A log event as the API gives it (already redacted for the viewer). */
export interface UiEvent {
  type: string;
  data?: Record<string, unknown> | undefined;
}

export interface PanelSection {
  title: string;
  lines: string[];
}

export interface GameUi {
  /**
   * Board keys this action is about, each equal to a `data-target` attribute value on the picture
   * (`route:<id>`, `square:<row>,<col>`, `market:<index>`, …); [] for an action with no place on it.
   */
  targets(action: UiAction): string[];
  /**
   * One line a person reads in the action list, e.g. "Claim Berlin–Wien (green): 3 green + 1 locomotive".
   * `view` is the viewer's view where the words depend on the state (which colour lies in a face-up slot).
   */
  describeAction(action: UiAction, components: unknown, view?: unknown): string;
  /** One line for a log event; `seatName` gives a seat's display name. */
  describeEvent(event: UiEvent, components: unknown, seatName: (seat: number) => string): string;
  /** The viewer's own panel (hand, tickets, schedule, sheet…) from what the view shows them only. */
  privatePanel(view: unknown, components: unknown): PanelSection[];
}

/** Fallback wording when a game has no UI module or an event type is unknown: type plus compact data. */
export function plainWords(type: string, data?: Record<string, unknown>): string {
  const words = type.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[-_]/g, ' ').toLowerCase();
  const head = words.charAt(0).toUpperCase() + words.slice(1);
  if (!data || Object.keys(data).length === 0) return head;
  const parts = Object.entries(data).map(([k, v]) => `${k} ${typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? String(v) : JSON.stringify(v)}`);
  return `${head}: ${parts.join(', ')}`;
}
