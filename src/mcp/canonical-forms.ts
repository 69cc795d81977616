// Every value with a canonical form is shown in it, whatever the API wrote: a season label as the spec
// writes it (`25-26`), a league by the name the leagues list gives it, a role by its current key, a
// statistic by the glossary's key. Where the API wrote it otherwise, the structured form keeps the API's
// form in a sibling field (`season_api`, `league_api`, `statistics_api` for a map's keys), and the text
// says it in the answer's one note. One walk over every answer (tool.ts), not tool by tool: a field is
// known by its name. A value nothing maps is kept as the API wrote it.
import { z } from 'zod';
import { ROLE_KEYS } from '../domain/roles.js';
import { normalizeSeason } from '../domain/season.js';
import { withTailColumns } from './tabular.js';

/** What the server knows of the canonical forms (canonical-facts.ts); each part when known. */
export interface CanonicalFacts {
  /** A season label (`25-26`) → the forms the API wrote it in during this run. */
  seasonForms: ReadonlyMap<string, ReadonlySet<string>>;
  /** A league as the API may write it (folded) → the leagues list's name; undefined when not known. */
  leagues?: (written: string) => string | undefined;
  /** A role as the API may write it → its current key. */
  role: (written: string) => string | undefined;
  /** A statistic as the API may write it → the glossary's key; undefined when not known. */
  statistic?: (written: string) => string | undefined;
}

export type Kind = 'season' | 'league' | 'role' | 'statistic';

/** Fields holding one value (or a list of values) of a kind. */
const VALUE_FIELDS: ReadonlyMap<string, Kind> = new Map<string, Kind>([
  ['season', 'season'],
  ['seasons', 'season'],
  ['league', 'league'],
  ['target_league', 'league'],
  ['role', 'role'],
  ['roles', 'role'],
  ['best_role', 'role'],
  ['primary_role', 'role'],
  ['previous_role', 'role'],
  ['favoured_roles', 'role'],
  ['statistic', 'statistic'],
]);
/** Fields holding a map keyed by statistic (a player's `statistics.values`, a comparison's `statistics`). */
const STATISTIC_MAPS = new Set(['statistics', 'values']);

/** A map of statistics: its values numbers, texts or null, none an object. */
function isStatisticMap(value: unknown): value is Record<string, unknown> {
  return isRecord(value) && Object.values(value).every((v) => v === null || typeof v !== 'object');
}
export const API_FORM = '_api';

/**
 * The kinds of value an answer of `value` holds that may be in another form: what canonical-facts.ts
 * must look up. A role written as one of the spec's keys is in its form (no enums to read for it).
 */
export function kindsIn(value: unknown, out = new Set<Kind>()): Set<Kind> {
  if (Array.isArray(value)) for (const item of value) kindsIn(item, out);
  else if (isRecord(value))
    for (const name of Object.keys(value)) {
      const field = value[name];
      const kind = VALUE_FIELDS.get(name);
      if (kind === 'role') {
        if (!isSpecKeys(field)) out.add(kind);
      } else if (kind && (typeof field === 'string' || Array.isArray(field))) out.add(kind);
      if (STATISTIC_MAPS.has(name) && isStatisticMap(field)) out.add('statistic');
      else if (typeof field === 'object' && field !== null) kindsIn(field, out);
    }
  return out;
}

/**
 * Whether values of `kinds` may be shown otherwise than written: a season or a role may always be; a
 * league or a statistic only when what it is read against is known (a value nothing maps is kept), so
 * an answer whose leagues have no leagues list to be read against is not walked at all.
 */
export function mayChange(kinds: ReadonlySet<Kind>, facts: CanonicalFacts): boolean {
  for (const kind of kinds) {
    if (kind === 'league' ? facts.leagues : kind === 'statistic' ? facts.statistic : true) return true;
  }
  return false;
}

const SPEC_KEYS: ReadonlySet<string> = new Set(ROLE_KEYS);

/** A role key of the spec's, or a list of them (or no text at all: nothing to look up). */
function isSpecKeys(field: unknown): boolean {
  if (typeof field === 'string') return SPEC_KEYS.has(field);
  return !Array.isArray(field) || field.every((f) => typeof f !== 'string' || SPEC_KEYS.has(f));
}

/** What one answer shows otherwise than the API wrote it: per kind, the API's form → the canonical one. */
export type Shown = Map<Kind, Map<string, string>>;

/**
 * `value` with each value of a known kind in its canonical form, and its API form beside it where they
 * differ; `shown` collects what was changed, for the note.
 */
export function canonicalized(value: unknown, facts: CanonicalFacts, shown: Shown): unknown {
  return walk(value, { facts, shown, forms: new Map() });
}

interface Walk {
  facts: CanonicalFacts;
  shown: Shown;
  /** Each value's form once per kind: a list repeats its leagues and seasons row after row. */
  forms: Map<Kind, Map<string, Form>>;
}

function walk(value: unknown, at: Walk): unknown {
  // Copied only where something changes: most answers hold their values in canonical form already.
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      const next = walk(item, at);
      if (next === item) continue;
      out ??= value.slice();
      out[i] = next;
    }
    return out ?? value;
  }
  if (!isRecord(value)) return value;
  let out: Record<string, unknown> | undefined;
  // A spread copies symbols too: a row's unread marks travel with it.
  const set = (name: string, field: unknown) => {
    out ??= { ...value };
    out[name] = field;
  };
  for (const name of Object.keys(value)) {
    const field = value[name];
    const kind = VALUE_FIELDS.get(name);
    if (kind && typeof field === 'string') {
      const form = formOf(kind, field, at);
      if (form.api === undefined) continue;
      set(name, form.shown);
      set(name + API_FORM, form.api);
      remember(at.shown, kind, form.api, form.shown);
    } else if (kind && Array.isArray(field) && field.every((f) => typeof f === 'string')) {
      const forms = field.map((f: string) => formOf(kind, f, at));
      if (forms.every((f) => f.api === undefined)) continue;
      set(
        name,
        forms.map((f) => f.shown),
      );
      set(
        name + API_FORM,
        forms.map((f, i) => f.api ?? field[i]),
      );
      for (const f of forms) if (f.api !== undefined) remember(at.shown, kind, f.api, f.shown);
    } else if (STATISTIC_MAPS.has(name) && isStatisticMap(field) && at.facts.statistic) {
      const { map, api } = statisticMap(field, at.facts.statistic, at.shown);
      if (!api) continue;
      set(name, map);
      set(name + API_FORM, api);
    } else {
      const next = walk(field, at);
      if (next !== field) set(name, next);
    }
  }
  return out ?? value;
}

type Form = { shown: string; api?: string };

function formOf(kind: Kind, written: string, at: Walk): Form {
  let known = at.forms.get(kind);
  if (!known) {
    known = new Map();
    at.forms.set(kind, known);
  }
  let form = known.get(written);
  if (!form) {
    form = newFormOf(kind, written, at.facts);
    known.set(written, form);
  }
  return form;
}

function newFormOf(kind: Kind, written: string, facts: CanonicalFacts): Form {
  const canonical = canonicalOf(kind, written, facts);
  if (canonical !== undefined && canonical !== written) return { shown: canonical, api: written };
  // A season label the reader already put in its form: the API's own, when it wrote just one.
  if (kind === 'season') {
    const seen = facts.seasonForms.get(written);
    if (seen?.size === 1) {
      const [only] = seen;
      if (only !== undefined && only !== written) return { shown: written, api: only };
    }
  }
  return { shown: written };
}

function canonicalOf(kind: Kind, written: string, facts: CanonicalFacts): string | undefined {
  switch (kind) {
    case 'season': {
      const parsed = normalizeSeason(written);
      return parsed.ok ? parsed.season : undefined;
    }
    case 'league':
      return facts.leagues?.(written);
    case 'role':
      return facts.role(written);
    case 'statistic':
      return facts.statistic?.(written);
  }
}

/** A statistics map under the glossary's keys (a value under the key itself wins); the API's forms beside. */
function statisticMap(
  map: Record<string, unknown>,
  canonical: (written: string) => string | undefined,
  shown: Shown,
): { map: Record<string, unknown>; api?: Record<string, string> } {
  const out: Record<string, unknown> = {};
  const api: Record<string, string> = {};
  for (const [name, value] of Object.entries(map)) {
    const key = canonical(name) ?? name;
    if (key === name) {
      out[name] = value;
      continue;
    }
    if (key in out && out[key] !== null) continue;
    out[key] = value;
    api[key] = name;
    remember(shown, 'statistic', name, key);
  }
  return Object.keys(api).length > 0 ? { map: out, api } : { map: out };
}

function remember(shown: Shown, kind: Kind, api: string, canonical: string): void {
  let forms = shown.get(kind);
  if (!forms) {
    forms = new Map();
    shown.set(kind, forms);
  }
  forms.set(api, canonical);
}

const WORDS: Readonly<Record<Kind, string>> = {
  season: 'season',
  league: 'league',
  role: 'role',
  statistic: 'statistic',
};
/** Forms named in the note per kind before "and N more", fewer when the note would run long. */
const NAMED = 3;
/** A note stays one short line. */
const NOTE_MAX = 300;

/**
 * The answer's one note of what it shows otherwise than the API wrote it:
 * `Shown in canonical form (the API's own in the *_api fields): league EPL → Premier League; season 2025/26 → 25-26.`
 */
export function canonicalNote(shown: Shown): string[] {
  if (shown.size === 0) return [];
  for (let named = NAMED; ; named--) {
    const note = `Shown in canonical form (the API's own in the *_api fields): ${[...shown]
      .map(([kind, forms]) => `${WORDS[kind]} ${formsNamed(forms, named)}`)
      .join('; ')}.`;
    if (note.length <= NOTE_MAX || named === 0) return [note];
  }
}

function formsNamed(forms: ReadonlyMap<string, string>, named: number): string {
  const shown = [...forms]
    .slice(0, named)
    .map(([api, canonical]) => `${clip(api)} → ${clip(canonical)}`)
    .join(', ');
  const rest = forms.size - Math.min(named, forms.size);
  if (shown === '') return `${rest} form${rest === 1 ? '' : 's'}`;
  return rest > 0 ? `${shown} and ${rest} more` : shown;
}

/** A name cut to 40 characters: one long name must not fill the note. */
function clip(text: string): string {
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

/**
 * `schema` with a sibling for the API's form beside each field of a known kind, at any depth: a list's
 * rows get it as a column only when some row fills it (tabular.ts). The schema itself when it has none.
 */
export function withApiForms<S extends z.ZodType>(schema: S): S {
  return (augmented(schema) ?? schema) as S;
}

const cache = new WeakMap<z.ZodType, z.ZodType | null>();

function augmented(schema: z.ZodType): z.ZodType | undefined {
  const known = cache.get(schema);
  if (known !== undefined) return known ?? undefined;
  cache.set(schema, null);
  const made = augment(schema);
  cache.set(schema, made ?? null);
  return made;
}

function augment(schema: z.ZodType): z.ZodType | undefined {
  if (schema instanceof z.ZodOptional) return augmented(schema.unwrap() as z.ZodType)?.optional();
  if (schema instanceof z.ZodNullable) return augmented(schema.unwrap() as z.ZodType)?.nullable();
  if (schema instanceof z.ZodArray) {
    const element = augmented(schema.element as z.ZodType);
    return element ? z.array(element) : undefined;
  }
  if (!(schema instanceof z.ZodObject)) return undefined;
  const changed: Record<string, z.ZodType> = {};
  const siblings: Record<string, z.ZodType> = {};
  for (const [name, field] of Object.entries(schema.shape as z.ZodRawShape)) {
    const inner = augmented(field as z.ZodType);
    if (inner) changed[name] = inner;
    if (`${name}${API_FORM}` in schema.shape) continue;
    if (VALUE_FIELDS.get(name) && takesText(field as z.ZodType))
      siblings[name + API_FORM] = (isList(field as z.ZodType) ? z.array(z.string()) : z.string()).optional();
    if (STATISTIC_MAPS.has(name) && bare(field as z.ZodType) instanceof z.ZodRecord)
      siblings[name + API_FORM] = z.record(z.string(), z.string()).optional();
  }
  if (Object.keys(changed).length === 0 && Object.keys(siblings).length === 0) return undefined;
  const base = Object.keys(changed).length > 0 ? withTailColumns(schema, changed, false) : schema;
  return withTailColumns(base, siblings);
}

function bare(schema: z.ZodType): z.ZodType {
  let inner = schema;
  while (inner instanceof z.ZodOptional || inner instanceof z.ZodNullable)
    inner = inner.unwrap() as z.ZodType;
  return inner;
}

function isList(schema: z.ZodType): boolean {
  return bare(schema) instanceof z.ZodArray;
}

/** A field of text or a list of texts (a role as `{role, score}` is walked into, not given a sibling). */
function takesText(schema: z.ZodType): boolean {
  const inner = bare(schema);
  if (inner instanceof z.ZodArray) return bare(inner.element as z.ZodType) instanceof z.ZodString;
  return inner instanceof z.ZodString;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
