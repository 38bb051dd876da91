/** Trains & Stations' things as the table draws them: a picture from presentation/, a special card as it is printed, and special cards to choose. */
import type { TsComponents } from '../../../presentation/trains-and-stations.js';
import type { asTranslate } from '../i18n.js';

export function Picture({ html, class: cls }: { html: string; class: string }) {
  // The picture comes from presentation/, which escapes everything it draws.
  return <span class={cls} dangerouslySetInnerHTML={{ __html: html }} />;
}

export type Tr = ReturnType<typeof asTranslate>;

/** A special card as it is printed: a task (two cities, its VP) or a goods card (two goods; TS-1.7). */
function specialText(tr: Tr, c: TsComponents, id: string): { kind: 'task' | 'goods'; text: string } {
  const card = c.specialCards.find((s) => s.id === id);
  if (!card) return { kind: 'goods', text: id };
  const city = (x: string) => c.cities.find((y) => y.id === x)?.name ?? x;
  return card.kind === 'TASK'
    ? { kind: 'task', text: tr('ts.table.task', { cities: card.cities.map(city).join(' – '), vp: card.vp }) }
    : {
        kind: 'goods',
        text: tr('ts.table.goodsSpecial', { goods: card.goods.map((g) => tr(`ts.good.${g}`)).join(' + ') }),
      };
}

export function SpecialCard({ tr, c, id }: { tr: Tr; c: TsComponents; id: string }) {
  const s = specialText(tr, c, id);
  return (
    <>
      <span class="ts-special-kind">{tr(`ts.table.special.${s.kind}`)}</span>
      <span class="ts-special-text">{s.text}</span>
    </>
  );
}

/** Special cards to tap in or out, each ticked while chosen; `onChange` gets the update of the chosen ones. */
export function SpecialToggles({
  tr,
  c,
  ids,
  chosen,
  onChange,
}: {
  tr: Tr;
  c: TsComponents;
  ids: readonly string[];
  chosen: readonly string[];
  onChange: (update: (chosen: readonly string[]) => readonly string[]) => void;
}) {
  return (
    <ul class="ts-specials">
      {ids.map((id) => (
        <li key={id}>
          <button
            class="ts-special"
            data-card={id}
            aria-pressed={chosen.includes(id)}
            onClick={() => onChange((ch) => (ch.includes(id) ? ch.filter((x) => x !== id) : [...ch, id]))}
          >
            <span class="ts-check" aria-hidden="true">
              {chosen.includes(id) ? '☑' : '☐'}
            </span>
            <SpecialCard tr={tr} c={c} id={id} />
          </button>
        </li>
      ))}
    </ul>
  );
}
