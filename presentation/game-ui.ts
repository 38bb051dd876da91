/**
 * What the web client needs to know about a game beyond its picture: which board places a legal
 * action is about (so a click on the picture narrows the legal actions), how to say an action or a
 * log entry in words, and what the viewer's private panel shows. Pure functions of public components
 * and one viewer's view, like the renderers; no zod or engine runtime code, so the client stays small.
 */

/** Values a message interpolates; `count` also picks the plural form. */
export type Vars = Readonly<Record<string, string | number>>;

/**
 * A message key of the wording catalogs in the reader's language (the web client passes i18next's
 * `t`; presentation/ itself stays free of packages). Keys are the `<game>.…` entries of
 * presentation/locales/<lang>.json.
 */
export type Translate = (key: string, vars?: Vars) => string;

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
  /**
   * Each seat's public score during play, one line a seat (a turn email lists them); absent for a
   * game whose view keeps no running score.
   */
  scores?(view: unknown, seatName: (seat: number) => string): string[];
  /*
   * Optional, for a game with a table of its own in the client (web/client/table/);
   * a game without them keeps the plain behaviour: every target glows, a tap lists its actions.
   */
  /**
   * Board keys that glow now: the places that matter for the step due, given the table's `mode` (e.g.
   * "station", or the dice picked) and the viewer's `view` (where what the mode means depends on it).
   */
  glowing?(legal: readonly UiAction[], mode: string | null, view?: unknown): string[];
  /** Of the actions at a tapped place, those the table's `mode` means (the dice picked); all of them when it means none. */
  tapChoices?(actions: readonly UiAction[], mode: string | null, view?: unknown): UiAction[];
  /** True: a tap on a place that means one legal action takes it at once, without a list of one. */
  tapActs?: boolean;
  /** Actions the game's table offers itself, left out of the quick buttons and of the choices at a picked place (they stay in the list of every action). */
  onTable?(action: UiAction): boolean;
  /** A board key in words ("Berlin – Wien (green, 3)"), for the line over the actions at a place. */
  placeName?(key: string, components: unknown): string;
  /**
   * The action in a few words once the line over it names its place ("curve 90°" under "row 3,
   * column 4"), so a place with many choices fits on a line or two of a turn email; null where the
   * action needs its whole sentence.
   */
  choiceLabel?(action: UiAction, components: unknown): string | null;
  /**
   * What the view everybody gets after the end shows of one seat's hidden things (hand, tickets,
   * route card…), in words that fit any reader, not only that seat; [] where it reveals nothing.
   */
  revealed?(view: unknown, components: unknown, seat: number): PanelSection[];
  /**
   * Board keys (as `targets` gives them) a log event is about: where another seat's move shows on
   * the board while its action itself stays hidden from the viewer (the log gives actions only to
   * their own seat until the end).
   */
  eventTargets?(event: UiEvent): string[];
}

/** Plain wording for an event type a game's UI does not name: type plus compact data. */
export function plainWords(type: string, data?: Record<string, unknown>): string {
  const words = type
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[-_]/g, ' ')
    .toLowerCase();
  const head = words.charAt(0).toUpperCase() + words.slice(1);
  if (!data || Object.keys(data).length === 0) return head;
  const parts = Object.entries(data).map(
    ([k, v]) =>
      `${k} ${typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? String(v) : JSON.stringify(v)}`,
  );
  return `${head}: ${parts.join(', ')}`;
}

/**
 * The UI of a game that has no table of its own (the fixture games) or that this client build does
 * not know: actions and events read as their type and fields, nothing on the board.
 */
export const plainUi: GameUi = {
  targets: () => [],
  describeAction: (a) => {
    const { type, ...rest } = a;
    return plainWords(type, rest);
  },
  describeEvent: (e) => plainWords(e.type, e.data),
  privatePanel: () => [],
};
