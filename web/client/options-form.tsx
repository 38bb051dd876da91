import { Fragment } from 'preact';
import type { TFunction } from 'i18next';
import { tOr, useT } from './i18n.js';

/**
 * The parts of JSON Schema the form reads: the API types a game's options (the catalog's
 * `options`) only as a JSON Schema document, an open object.
 */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  default?: unknown;
  description?: string;
  title?: string;
  minimum?: number;
  maximum?: number;
  items?: JsonSchema;
}

/** One form control, derived from one property of a game's options JSON Schema. */
export type Field =
  | { kind: 'checkbox'; name: string; label: string; help?: string; default: boolean }
  | {
      kind: 'select';
      name: string;
      label: string;
      help?: string;
      default: unknown;
      choices: { value: unknown; label: string }[];
    }
  | { kind: 'numbers'; name: string; label: string; help?: string; default: number[] };

const MAX_CHOICES = 50;

const humanize = (name: string) => {
  const words = name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** Every value a schema allows when they are few (consts, enums, small integer ranges); null otherwise. */
function choicesOf(s: JsonSchema): unknown[] | null {
  if ('const' in s) return [s.const];
  if (s.enum) return s.enum;
  const alts = s.anyOf ?? s.oneOf;
  if (alts) {
    const parts = alts.map(choicesOf);
    return parts.every((p): p is unknown[] => p !== null) ? parts.flat() : null;
  }
  if (
    s.type === 'integer' &&
    s.minimum !== undefined &&
    s.maximum !== undefined &&
    s.maximum - s.minimum < MAX_CHOICES
  ) {
    return Array.from({ length: s.maximum - s.minimum + 1 }, (_, i) => s.minimum! + i);
  }
  return null;
}

/** Integer options are seat numbers in every game so far (first player, conductor…): shown from 1. */
function choiceLabel(t: TFunction, name: string, v: unknown): string {
  if (typeof v === 'number' && /player|conductor|seat/i.test(name)) return t('options.seat', { n: v + 1 });
  return typeof v === 'string' ? tOr(t, `options.values.${v}`, v) : String(v);
}

/**
 * Form fields for a game's options: labels and help from the catalogs where they name the option,
 * else the property's name and the schema's (English) description.
 */
export function fieldsOf(t: TFunction, schema: JsonSchema): Field[] {
  const out: Field[] = [];
  for (const [name, s] of Object.entries(schema.properties ?? {})) {
    const help = tOr(t, `options.fields.${name}.help`, s.description ?? '');
    const base = { name, label: tOr(t, `options.fields.${name}.label`, humanize(name)), ...(help ? { help } : {}) };
    const choices = choicesOf(s);
    if (s.type === 'boolean') out.push({ ...base, kind: 'checkbox', default: s.default === true });
    else if (choices)
      out.push({
        ...base,
        kind: 'select',
        default: s.default ?? choices[0],
        choices: choices.map((v) => ({ value: v, label: choiceLabel(t, name, v) })),
      });
    else if (s.type === 'array' && s.items?.type === 'integer')
      out.push({ ...base, kind: 'numbers', default: Array.isArray(s.default) ? (s.default as number[]) : [] });
  }
  return out;
}

/**
 * A game's chosen options as label and value, to show before joining (defaults filled in).
 * `values`: the game's `options` as the API gives them, an object the API leaves untyped (or none).
 */
export function describeOptions(t: TFunction, fields: Field[], values: unknown): { label: string; value: string }[] {
  const chosen = typeof values === 'object' && values !== null ? (values as Readonly<Record<string, unknown>>) : {};
  return fields.map((f) => {
    const v = chosen[f.name] ?? f.default;
    if (f.kind === 'checkbox') return { label: f.label, value: v === true ? t('options.yes') : t('options.no') };
    if (f.kind === 'select') return { label: f.label, value: f.choices.find((c) => c.value === v)?.label ?? String(v) };
    return { label: f.label, value: Array.isArray(v) && v.length > 0 ? v.join(', ') : t('options.none') };
  });
}

/** Chosen options (describeOptions) as the terms of a facts list. */
export const OptionFacts = ({ options }: { options: { label: string; value: string }[] }) => (
  <>
    {options.map((o) => (
      <Fragment key={o.label}>
        <dt>{o.label}</dt>
        <dd>{o.value}</dd>
      </Fragment>
    ))}
  </>
);

/** Parses "1, 2,3" for a list field; null if it is not a list of whole numbers. */
export function parseNumbers(text: string): number[] | null {
  const parts = text.split(/[\s,]+/).filter(Boolean);
  const nums = parts.map(Number);
  return nums.every(Number.isInteger) ? nums : null;
}

export function OptionsForm({
  fields,
  values,
  onChange,
}: {
  fields: Field[];
  values: Record<string, unknown>;
  onChange: (name: string, value: unknown) => void;
}) {
  const t = useT();
  return (
    <div class="options">
      {fields.map((f) => {
        const id = `opt-${f.name}`;
        const help = f.help ? <small>{f.help}</small> : null;
        if (f.kind === 'checkbox') {
          return (
            <label key={f.name} class="check" for={id}>
              <input
                id={id}
                name={f.name}
                type="checkbox"
                checked={(values[f.name] ?? f.default) === true}
                onChange={(e) => onChange(f.name, (e.currentTarget as HTMLInputElement).checked)}
              />
              {f.label} {help}
            </label>
          );
        }
        if (f.kind === 'select') {
          const current = values[f.name] ?? f.default;
          const index = f.choices.findIndex((c) => c.value === current);
          return (
            <label key={f.name} for={id}>
              {f.label}
              <select
                id={id}
                name={f.name}
                value={String(index)}
                onChange={(e) =>
                  onChange(f.name, f.choices[Number((e.currentTarget as HTMLSelectElement).value)]?.value)
                }
              >
                {f.choices.map((c, i) => (
                  <option key={i} value={String(i)}>
                    {c.label}
                  </option>
                ))}
              </select>
              {help}
            </label>
          );
        }
        return (
          <label key={f.name} for={id}>
            {f.label}
            <input
              id={id}
              name={f.name}
              inputMode="numeric"
              placeholder={t('options.numbersPlaceholder')}
              value={((values[f.name] as number[] | undefined) ?? f.default).join(', ')}
              onChange={(e) => onChange(f.name, parseNumbers((e.currentTarget as HTMLInputElement).value) ?? f.default)}
            />
            {help}
          </label>
        );
      })}
    </div>
  );
}
