/** A table's legend: a collapsed box under its summary, each symbol the board draws without words next to its name. */
import type { LegendEntry } from '../../../presentation/legend.js';
import { Picture } from './ts-things.js';

export function Legend({ title, entries }: { title: string; entries: readonly LegendEntry[] }) {
  return (
    <details class="legend" data-legend>
      <summary>{title}</summary>
      <ul>
        {entries.map((e) => (
          <li key={e.key} data-legend-entry={e.key}>
            <Picture class="legend-pic" html={e.picture} />
            <span>{e.name}</span>
          </li>
        ))}
      </ul>
    </details>
  );
}
