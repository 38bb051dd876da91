import type { GameUi, UiAction } from '../../presentation/game-ui.js';

/**
 * Every legal action of a turn with a short code to reply with. A short list is
 * numbered (`1`, `2`, …); a long one is grouped by the place on the board each action is about, as
 * the web client narrows them by a tap on that place, and an action is its group's number plus a
 * letter (`12b`; a group of one is its number alone). The listing is a pure function of the legal
 * actions in the engine's order, so the turn email and the reply read the same codes as long as
 * the game stays at the version the reply token names.
 */
export interface Choice {
  code: string;
  text: string;
  /** The action in a few words under its place's title (GameUi.choiceLabel); null where it needs `text`. */
  label: string | null;
  action: UiAction;
}

export interface ChoiceGroup {
  /** The place in words; null for a flat list. */
  title: string | null;
  choices: Choice[];
}

/** Up to this many actions read well as one numbered list. */
export const FLAT_MAX = 20;

/** Actions with no place on the board share a group per kind of action. */
const groupKey = (ui: GameUi, a: UiAction): string => ui.targets(a)[0] ?? `type:${a.type}`;

/** a, b, …, z, aa, ab, … */
function letters(i: number): string {
  let out = '';
  for (let k = i + 1; k > 0; k = Math.floor((k - 1) / 26)) out = String.fromCharCode(97 + ((k - 1) % 26)) + out;
  return out;
}

export function choicesOf(ui: GameUi, legal: readonly UiAction[], components: unknown, view: unknown): ChoiceGroup[] {
  const text = (a: UiAction) => ui.describeAction(a, components, view);
  if (legal.length <= FLAT_MAX)
    return legal.length
      ? [
          {
            title: null,
            choices: legal.map((action, i) => ({ code: String(i + 1), text: text(action), label: null, action })),
          },
        ]
      : [];
  const groups = new Map<string, UiAction[]>();
  for (const a of legal) {
    const key = groupKey(ui, a);
    const group = groups.get(key);
    if (group) group.push(a);
    else groups.set(key, [a]);
  }
  return [...groups].map(([key, actions], g) => {
    const placed = !key.startsWith('type:');
    return {
      title: placed ? (ui.placeName?.(key, components) ?? key) : null,
      choices: actions.map((action, i) => ({
        code: actions.length === 1 ? String(g + 1) : `${g + 1}${letters(i)}`,
        text: text(action),
        label: placed ? (ui.choiceLabel?.(action, components) ?? null) : null,
        action,
      })),
    };
  });
}

/** The action a code stands for (any case), or null. */
export function choiceFor(groups: readonly ChoiceGroup[], code: string): Choice | null {
  const wanted = code.toLowerCase();
  for (const g of groups) for (const c of g.choices) if (c.code === wanted) return c;
  return null;
}

/** How a code looks, so that a reply's first words can be told apart from prose. */
export const CODE_PATTERN = /^\d{1,3}[a-z]{0,2}$/i;
