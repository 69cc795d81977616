// The words that say what a number counts in, sent beside it in the row instead of inside it:
// `{marketValue: 57.35, marketValueCurrency: "EUR", marketValueNumeral: "m"}`, a record's `{value: 57.4,
// range_low: 45.92, currency: "EUR", unit: "M"}`, `{market_value: 22.5, market_value_scale: 6}`, or the
// scale in the name only (`market_value_in_millions: 22.5`, `market_value_cents`). Read alone, such a
// value shows as €57.35 where the API said 57.35 million. Each is bound with its words into one amount
// (`{value: 57.35, currency: "EUR", numeral: "m"}`) before the row's fields are read, and the field's
// reader reads it as it reads any amount (values.ts: qualifiedNumber): scaled, and unread in another
// currency or beside a shift it cannot tell the direction of.
import { isPlainObject } from '../../lib/plain-object.js';
import { sameKeys } from '../../lib/same-keys.js';
import { CURRENCIES, type NumberKind, SCALES } from './display.js';
import { fieldName } from './names.js';
import {
  CURRENCY_FIELDS,
  isScaleWord,
  MODIFIER_FIELDS,
  PRECISION_FIELDS,
  UNIT_FIELDS,
} from './qualifiers.js';
import { scaleOfName, withScale } from './scaled-names.js';

type WordKind = 'currency' | 'unit' | 'modifier';

/** Every qualifier name, longest first (so `currency_code` is found before `code` could be). */
const WORDS: readonly (readonly [name: string, kind: WordKind])[] = [
  ...CURRENCY_FIELDS.map((n) => [n, 'currency'] as const),
  ...UNIT_FIELDS.map((n) => [n, 'unit'] as const),
  ...MODIFIER_FIELDS.filter((n) => !UNIT_FIELDS.includes(n)).map((n) => [n, 'modifier'] as const),
].sort((a, b) => b[0].length - a[0].length);

/** A field of the row whose number may be qualified, and the kind of number it holds. */
export interface Target {
  key: string;
  kind: NumberKind;
  /** Other names the API may send it under (its aliases, its name without `_eur`), folded. */
  names: readonly string[];
}

interface Word {
  key: string;
  name: string;
  kind: WordKind;
}

/** What to do with the rows of one set of keys. */
interface Plan {
  /** Words bound to one field by their name (`market_value_currency` to `market_value_eur`). */
  bound: { target: Target; at: string; words: Word[] }[];
  /** Words of the whole row (`currency`, `unit`): bound to each amount of it. */
  bare: Word[];
  /** The amounts of the row and the keys they are under (for the whole row's words). */
  amounts: string[];
  /** Amounts only under a name stating their scale (`market_value_in_millions`), for a field lacking. */
  scaled: { key: string; target: Target; scale: string }[];
  /** The row's other keys: a group of its fields among them may hold the whole row's words. */
  others: string[];
}

const EMPTY: Plan = { bound: [], bare: [], amounts: [], scaled: [], others: [] };

/**
 * The qualifier pass of one row kind: `bind(fields)` returns the row's fields with each amount bound
 * to the words beside it (a new object), or the same object when there are none.
 */
export class SiblingQualifiers {
  private keys: readonly string[] = [];
  private plan: Plan = EMPTY;
  private layout: object | undefined;

  /** `known`: the row kind's own fields, never consumed as words (a market value's `currency`). */
  constructor(
    private readonly targets: readonly Target[],
    private readonly known: ReadonlySet<string>,
  ) {}

  /** `layout`: what stands for the fields' keys when the caller knows them the same as the last row's. */
  bind(fields: Record<string, unknown>, layout?: object): Record<string, unknown> {
    if (this.targets.length === 0) return fields;
    if (layout === undefined || layout !== this.layout) {
      if (!sameKeys(fields, this.keys)) {
        this.keys = Object.keys(fields);
        this.plan = planOf(this.keys, this.targets);
      }
      this.layout = layout;
    }
    const { bound, bare, amounts, scaled, others } = this.plan;
    const grouped = amounts.length > 0 && others.some((key) => isPlainObject(fields[key]));
    if (bound.length === 0 && bare.length === 0 && scaled.length === 0 && !grouped) return fields;
    const out: Record<string, unknown> = { ...fields };
    for (const { key, target, scale } of scaled) {
      if (out[key] == null) continue;
      out[target.key] = withScale(out[key], scale);
      delete out[key];
    }
    const used = new Set<string>();
    const said = (words: readonly Word[]) => words.map((w) => ({ ...w, value: out[w.key] }));
    for (const { target, at, words } of bound)
      for (const w of bindTo(out, at, target.kind, said(words))) used.add(w.key);
    // The whole row's words: at the top, and those not there (its scale, its currency) in a group of its
    // fields one level down (`details: {unit: "M"}`).
    const top = said(bare).filter((w) => applies(w, w.value));
    const wholeRow = grouped
      ? [...top, ...groupWords(out, others).filter((w) => !top.some((t) => t.kind === w.kind))]
      : top;
    for (const at of amounts) for (const w of bindTo(out, at, 'euros', wholeRow)) used.add(w.key);
    for (const key of used) {
      const [group, inner] = key.split(GROUPED);
      if (inner !== undefined) out[group as string] = without(out[group as string], inner);
      else if (!this.known.has(key)) delete out[key];
    }
    return out;
  }
}

/** Marks a word found in a group: `details${GROUPED}unit`. */
const GROUPED = '\u0000';

/** The whole row's words found in the first group of its fields that holds some. */
function groupWords(out: Record<string, unknown>, others: readonly string[]): SaidWord[] {
  for (const group of others) {
    const inner = out[group];
    if (!isPlainObject(inner)) continue;
    const words: SaidWord[] = [];
    for (const key in inner) {
      const name = fieldName(key);
      const word = WORDS.find(([w]) => w === name);
      if (word)
        words.push({ key: `${group}${GROUPED}${key}`, name: word[0], kind: word[1], value: inner[key] });
    }
    const applying = words.filter((w) => applies(w, w.value));
    if (applying.length > 0) return applying;
  }
  return [];
}

function without(group: unknown, key: string): unknown {
  if (!isPlainObject(group)) return group;
  const { [key]: _, ...rest } = group;
  return rest;
}

type SaidWord = Word & { value: unknown };

/** The value under `at` bound with `words` into one amount object; the words it took. */
function bindTo(
  out: Record<string, unknown>,
  at: string,
  kind: NumberKind,
  words: readonly SaidWord[],
): SaidWord[] {
  const value = out[at];
  if (value == null) return [];
  const taken = words.filter((w) => w.value != null && (kind === 'euros' || w.kind !== 'currency'));
  // A euro written beside an amount in euros changes nothing: the row keeps its plain reading.
  if (taken.every((w) => w.kind === 'currency' && isEuro(w.value))) return taken;
  const amount: Record<string, unknown> = isPlainObject(value) ? { ...value } : { value };
  for (const w of taken) if (amount[w.name] === undefined) amount[w.name] = w.value;
  out[at] = amount;
  return taken;
}

const isEuro = (word: unknown) => typeof word === 'string' && CURRENCIES[word.trim().toLowerCase()] === 'EUR';

/**
 * Whether a word of the whole row says what its amounts count in: a currency; a scale, or a currency,
 * under a unit's name ("M", "EUR"; a unit of another measure is not the amounts'); a shift's number.
 */
function applies(word: Word, value: unknown): boolean {
  if (word.kind === 'currency') return typeof value === 'string';
  if (typeof value === 'string') {
    const w = value.trim().toLowerCase();
    return isScaleWord(value.trim()) || Object.hasOwn(SCALES, w) || Object.hasOwn(CURRENCIES, w);
  }
  return typeof value === 'number' && MODIFIER_FIELDS.includes(word.name) && !PRECISION_FIELDS.has(word.name);
}

function planOf(keys: readonly string[], targets: readonly Target[]): Plan {
  const plan: Plan = { bound: [], bare: [], amounts: [], scaled: [], others: [] };
  const folded = keys.map(fieldName);
  // Where each field's value is: under its own name, else under one of its other names.
  const at = new Map<Target, string>();
  for (const target of targets) {
    const i = folded.indexOf(target.key);
    const j = i >= 0 ? i : folded.findIndex((name) => target.names.includes(name));
    if (j >= 0) at.set(target, keys[j] as string);
  }
  const values = new Set(at.values());
  for (const [target, key] of at) if (target.kind === 'euros') plan.amounts.push(key);
  const targetOf = (name: string) => targets.find((t) => t.key === name || t.names.includes(name));
  keys.forEach((key, i) => {
    const name = folded[i] as string;
    if (values.has(key) || targetOf(name)) return;
    const word = WORDS.find(([w]) => name === w || name.endsWith(`_${w}`));
    if (word) {
      const [w, kind] = word;
      const stem = name.slice(0, Math.max(0, name.length - w.length - 1));
      const target = stem === '' ? undefined : targetOf(stem);
      const held = target && at.get(target);
      if (stem === '') plan.bare.push({ key, name: w, kind });
      else if (target && held) {
        const entry = plan.bound.find((b) => b.target === target);
        if (entry) entry.words.push({ key, name: w, kind });
        else plan.bound.push({ target, at: held, words: [{ key, name: w, kind }] });
      }
      return;
    }
    const scale = scaleOfName(name);
    if (scale === undefined || !name.endsWith(`_${scale}`)) {
      plan.others.push(key);
      return;
    }
    const target = targetOf(name.slice(0, -scale.length - 1).replace(/_in$/, ''));
    if (target?.kind === 'euros' && !at.has(target)) plan.scaled.push({ key, target, scale });
  });
  return plan;
}
