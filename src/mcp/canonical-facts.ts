// What the canonical forms of one answer are read against (canonical-forms.ts), with no request of its
// own: the seasons as the API wrote them in this run (the read reports), and the leagues list, the enums
// and the glossary only as far as the cache already holds them. What the cache does not hold is not known:
// a league or a statistic is then shown as the API wrote it.
import type { ApiClient } from '../api/client.js';
import { readEnumRoles } from '../api/enums.js';
import { fieldName } from '../api/reader/names.js';
import type { ReadReport } from '../api/reader/report.js';
import { cacheOnly, noteFreshUntil } from '../api/request-tally.js';
import type { RouteName } from '../api/routes.js';
import type { League } from '../api/schemas.js';
import { roleByName } from '../domain/role-labels.js';
import { canonicalStatistic, type GlossaryWords, statisticForms } from '../facts/statistic-canon.js';
import { fold } from '../lib/fold.js';
import { onSameRows } from '../lib/same-rows.js';
import {
  type CanonicalFacts,
  canonicalized,
  canonicalNote,
  type Kind,
  kindsIn,
  mayChange,
  type Shown,
} from './canonical-forms.js';

/** Fields of a leagues list's entry that name the league otherwise: an id, a code, a short or sponsor name. */
const OTHER_NAMES = [
  'id',
  'league_id',
  'code',
  'short_name',
  'short',
  'abbreviation',
  'abbr',
  'slug',
  'key',
  'sponsor_name',
  'official_name',
  'display_name',
  'aliases',
  'other_names',
  'names',
] as const;

export async function canonicalFacts(
  api: ApiClient,
  reports: readonly ReadReport[],
  kinds: ReadonlySet<Kind>,
  signal: AbortSignal,
): Promise<CanonicalFacts> {
  const [leagues, renamed, glossary] = await Promise.all([
    kinds.has('league')
      ? cached(api, 'leagues', () => api.leagues({ signal }).then((r) => r.data.data))
      : undefined,
    kinds.has('role')
      ? cached(api, 'enums', () => api.enums({ signal }).then((r) => renamedRoles(r.data, api)))
      : undefined,
    kinds.has('statistic')
      ? cached(api, 'glossary', () => api.glossary({ signal }).then((r) => r.data.data))
      : undefined,
  ]);
  return {
    seasonForms: seasonFormsOf(reports),
    ...(leagues ? { leagues: leagueNames(leagues) } : {}),
    role: roleKeys(renamed ?? new Map(), api),
    ...(glossary ? { statistic: glossaryKeys(glossary) } : {}),
  };
}

/**
 * A role's current key as the canonical forms show it (the enums as learned, else as cached, else the
 * spec's table); undefined for a key nothing maps. Nothing is sent.
 */
export async function currentRoleKeys(
  api: ApiClient,
  signal: AbortSignal,
): Promise<(written: string) => string | undefined> {
  const renamed = await cached(api, 'enums', () =>
    api.enums({ signal }).then((r) => renamedRoles(r.data, api)),
  );
  return roleKeys(renamed ?? new Map(), api);
}

/**
 * How long a look that found a reference list absent holds while this client fetched none: another
 * process sharing the store may cache one meanwhile, shown after this long at most.
 */
export const ABSENT_HOLDS_MS = 5_000;

/** Looks that found `route`'s answer absent: how many of them the client had fetched then, and when. */
const foundAbsent = new WeakMap<ApiClient, Map<RouteName, { fetched: number; at: number }>>();

/**
 * `read`'s value when the cache holds all it asks; undefined otherwise (nothing is sent). A list found
 * absent is not looked for again until the client fetches one or ABSENT_HOLDS_MS pass: most answers
 * look for the leagues list, which many sessions never ask for, and each look through the list's
 * reading took ~70 µs of a cache miss.
 */
async function cached<T>(api: ApiClient, route: RouteName, read: () => Promise<T>): Promise<T | undefined> {
  let absent = foundAbsent.get(api);
  const seen = absent?.get(route);
  const fetched = api.fetchedOf(route);
  const now = api.cacheTime();
  if (seen && seen.fetched === fetched && now - seen.at < ABSENT_HOLDS_MS) {
    // An answer resting on the list's absence holds no longer than the look (answer-memo.ts).
    noteFreshUntil(seen.at + ABSENT_HOLDS_MS);
    return undefined;
  }
  const { value } = await cacheOnly(read);
  if (value !== undefined) absent?.delete(route);
  else {
    if (!absent) {
      absent = new Map();
      foundAbsent.set(api, absent);
    }
    absent.set(route, { fetched, at: now });
    noteFreshUntil(now + ABSENT_HOLDS_MS);
  }
  return value;
}

function seasonFormsOf(reports: readonly ReadReport[]): Map<string, Set<string>> {
  const forms = new Map<string, Set<string>>();
  for (const report of reports)
    for (const [label, written] of Object.entries(report.seasonForms ?? {})) {
      let set = forms.get(label);
      if (!set) {
        set = new Set();
        forms.set(label, set);
      }
      for (const form of written) set.add(form);
    }
  return forms;
}

/**
 * The leagues list's name of a league written by its name in another casing, its id, code or another
 * name; made once per leagues list kept in the cache, not on every answer.
 */
const leagueNames = onSameRows(namesOfLeagues);

function namesOfLeagues(leagues: readonly League[]): (written: string) => string | undefined {
  const names = new Set(leagues.map((l) => l.name));
  const byForm = new Map<string, string | null>();
  const put = (form: unknown, name: string) => {
    if (typeof form === 'number') form = String(form);
    if (typeof form !== 'string' || form.trim() === '') return;
    const folded = fold(form);
    const known = byForm.get(folded);
    byForm.set(folded, known === undefined || known === name ? name : null);
  };
  for (const league of leagues) put(league.name, league.name);
  for (const league of leagues) {
    const fields = league as Record<string, unknown>;
    for (const field of OTHER_NAMES) {
      const value = fields[field];
      for (const form of Array.isArray(value) ? value : [value]) put(form, league.name);
    }
  }
  return (written) => (names.has(written) ? written : (byForm.get(fold(written)) ?? undefined));
}

function renamedRoles(body: unknown, api: ApiClient): Map<string, string> {
  const renamed = new Map<string, string>();
  for (const role of readEnumRoles(body, api.aliases).roles) {
    renamed.set(role.key, role.key);
    for (const old of role.deprecatedKeys) renamed.set(fold(old), role.key);
  }
  return renamed;
}

/**
 * A role's current key: a former key by the enums (as the client's learner read them, else the cached
 * answer), a documented key or English name by the spec's table.
 */
function roleKeys(
  live: ReadonlyMap<string, string>,
  api: Pick<ApiClient, 'currentRole'>,
): (written: string) => string | undefined {
  return (written) => {
    const learned = api.currentRole(written);
    if (learned !== undefined) return learned;
    const folded = fold(written);
    const listed = live.get(written) ?? live.get(folded);
    if (listed !== undefined) return listed;
    const documented = roleByName(written);
    return documented === undefined ? undefined : (live.get(documented) ?? documented);
  };
}

/** A statistic's glossary key (statisticKeys), made once per glossary kept in the cache. */
const glossaryKeys = onSameRows(statisticKeys);

/** A statistic's glossary key: by its key in another spelling, its name, its label, or a former key. */
function statisticKeys(
  entries: readonly {
    key?: string | null;
    name?: string | null;
    unit?: string | null;
    deprecated_key?: string | null;
  }[],
): (written: string) => string | undefined {
  // An entry without a key read names no statistic: shown by get_glossary, never a canonical form.
  const keyed = entries.filter((e): e is typeof e & { key: string } => typeof e.key === 'string');
  const words = new Map<string, GlossaryWords>(
    keyed.map((e) => [e.key, { name: e.name ?? null, unit: e.unit ?? null }]),
  );
  const forms = statisticForms(words);
  for (const entry of keyed)
    if (entry.deprecated_key && !forms.has(fieldName(entry.deprecated_key)))
      forms.set(fieldName(entry.deprecated_key), entry.key);
  return (written) => (words.has(written) ? written : canonicalStatistic(written, forms));
}

/**
 * `outcome` with its data and extra fields in canonical forms, the API's forms beside, and the note
 * saying so; the outcome itself when it holds no value of a known kind.
 */
export async function inCanonicalForms<O extends { data: unknown; extra?: unknown; notes?: string[] }>(
  outcome: O,
  api: ApiClient,
  reports: readonly ReadReport[],
  signal: AbortSignal,
): Promise<O> {
  const kinds = kindsIn(outcome.extra, kindsIn(outcome.data));
  if (kinds.size === 0) return outcome;
  const facts = await canonicalFacts(api, reports, kinds, signal);
  if (!mayChange(kinds, facts)) return outcome;
  const shown: Shown = new Map();
  const data = canonicalized(outcome.data, facts, shown);
  const extra = outcome.extra === undefined ? undefined : canonicalized(outcome.extra, facts, shown);
  if (shown.size === 0) return outcome;
  return {
    ...outcome,
    data,
    ...(extra === undefined ? {} : { extra }),
    notes: [...(outcome.notes ?? []), ...canonicalNote(shown)],
  };
}
