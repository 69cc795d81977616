// A statistic's canonical key. An API may name a statistic by its key (`duels_won_pct`), by its label
// as the glossary writes it ("Duels won (%)"), by its name alone ("Duels won"), in another casing or
// spacing: each is the glossary's key, found by the glossary's own words. A name the glossary does not
// know stays as the API wrote it.
import { fieldName } from '../api/reader/names.js';
import { numberKindOf, toNumber } from '../api/reader/values.js';

/** The form of a name whose glossary entry gives no unit, in any unit: no API writes it so. */
const ANY_UNIT = 'in any unit';

export interface GlossaryWords {
  name: string | null;
  unit: string | null;
}

/** Every way the glossary lets one write a statistic, folded, to its key; a form two keys share is dropped. */
export function statisticForms(glossary: ReadonlyMap<string, GlossaryWords>): Map<string, string> {
  const forms = new Map<string, string | null>();
  const put = (form: string, key: string) => {
    const folded = fieldName(form);
    if (folded === '') return;
    const known = forms.get(folded);
    forms.set(folded, known === undefined || known === key ? key : null);
  };
  for (const [key, { name, unit }] of glossary) {
    put(key, key);
    if (name) {
      put(name, key);
      if (unit) put(`${name} (${unit})`, key);
      if (unit) put(`${name} ${unit}`, key);
      // Its unit unknown (unread, or none given): its label in any unit ("Tackles won (per 90)") names it.
      else put(`${name} ${ANY_UNIT}`, key);
    }
  }
  const out = new Map<string, string>();
  for (const [form, key] of forms) if (key !== null) out.set(form, key);
  return out;
}

const PERCENT = /%/g;
/** A label's unit in brackets at its end: "Tackles won (per 90)". */
const UNIT_WRITTEN = /\s*\([^()]*\)\s*$/;

/** The glossary's key for `name`, or undefined when the glossary does not know it. */
export function canonicalStatistic(name: string, forms: ReadonlyMap<string, string>): string | undefined {
  const unitless = UNIT_WRITTEN.test(name) ? `${name.replace(UNIT_WRITTEN, '')} ${ANY_UNIT}` : undefined;
  return (
    forms.get(fieldName(name)) ??
    forms.get(fieldName(name.replace(PERCENT, ' pct '))) ??
    (unitless === undefined ? undefined : forms.get(fieldName(unitless)))
  );
}

/**
 * A statistics map with each key the glossary knows under another form put under its key (a value under
 * the key itself wins); `renamed` lists the API's forms read so, for the answer to say once. Two names
 * read as one key with different values (a label beside the key, or labels in two units when the
 * glossary's unit is unknown) are two facts: the second stays under the API's own name, never dropped.
 */
export function canonicalStatistics<V>(
  statistics: Readonly<Record<string, V>>,
  forms: ReadonlyMap<string, string>,
  renamed: Map<string, string>,
): Record<string, V> {
  const out: Record<string, V> = {};
  const otherForms: [name: string, key: string, value: V][] = [];
  for (const [name, value] of Object.entries(statistics)) {
    const key = forms.has(name) && forms.get(name) === name ? name : canonicalStatistic(name, forms);
    if (key === undefined || key === name) out[name] = value;
    else otherForms.push([name, key, value]);
  }
  for (const [name, key, value] of otherForms) {
    // A value its label's kind could not read ("37,25 M€" under "Estimated market value") is read by its key's.
    const read = typeof value === 'string' ? toNumber(value, numberKindOf(key)) : value;
    const taken = (typeof read === 'number' ? read : value) as V;
    if (!(key in out) || out[key] === null) out[key] = taken;
    else if (out[key] !== taken && taken !== null) {
      if (!(name in out)) out[name] = value;
      continue;
    }
    renamed.set(name, key);
  }
  return out;
}

/** The note that says, once, which statistics the API named otherwise and how they were read. */
export function canonicalNote(renamed: ReadonlyMap<string, string>): string[] {
  if (renamed.size === 0) return [];
  const shown = [...renamed].slice(0, 4).map(([api, key]) => `"${api}" as ${key}`);
  const more = renamed.size > 4 ? ` and ${renamed.size - 4} more` : '';
  return [`Statistics the API named by label read by the glossary's key: ${shown.join(', ')}${more}.`];
}
