// Argument completion for prompts and resource templates: role, league, season. Role and season
// completions cost nothing upstream; league names come from GET /v1/leagues, cached 24 h.
import type { ApiClient } from '../api/client.js';
import { ROLE_LABELS, roleNames } from '../domain/role-labels.js';
import { familyByWord } from '../domain/role-words.js';
import { ROLE_FAMILIES, ROLE_KEYS, type RoleKey } from '../domain/roles.js';
import { seasonOf } from '../domain/season.js';
import { fold } from '../lib/fold.js';
import type { WatchlistAccess } from './context.js';

/** Seasons offered: the current one and the ones before it. */
const SEASONS_OFFERED = 4;

/**
 * Candidates matching `value` (case and accents ignored), best first: an exact form, then forms
 * that start with it, then (unless `prefixOnly`) forms that contain it; shorter forms first.
 */
function matching(
  value: string,
  candidates: readonly string[],
  forms: (candidate: string) => string[] = (c) => [c],
  prefixOnly = false,
): string[] {
  const needle = fold(value);
  if (needle === '') return [...candidates];
  const rank = (form: string): number => {
    const f = fold(form);
    if (f === needle) return 0;
    if (f.startsWith(needle)) return 1 + f.length / 1000;
    if (!prefixOnly && f.includes(needle)) return 2 + f.length / 1000;
    return Number.POSITIVE_INFINITY;
  };
  return candidates
    .map((candidate) => ({ candidate, score: Math.min(...forms(candidate).map(rank)) }))
    .filter((c) => Number.isFinite(c.score))
    .sort((a, b) => a.score - b.score)
    .map((c) => c.candidate);
}

/** Role keys and English names matching what was typed: for prompt arguments. */
export function completeRole(value: string): string[] {
  // A position ("CB", "left winger"): the roles of that family, each as it is accepted.
  const family = familyByWord(value);
  if (family) return ROLE_FAMILIES[family].flatMap((key) => [key, ROLE_LABELS[key].label]);
  // Nothing typed yet: the keys and labels, not every alias (a client shows 100 at most).
  const names =
    fold(value) === ''
      ? ROLE_KEYS.flatMap((key) => [key, ROLE_LABELS[key].label])
      : ROLE_KEYS.flatMap((key) => roleNames(key));
  return [...new Set(matching(value, names))];
}

/** Role keys only (URI-safe), found by key or by any English name: for `football://roles/{role}`. */
export function completeRoleKey(value: string): string[] {
  const family = familyByWord(value);
  if (family) return [...ROLE_FAMILIES[family]];
  return matching(value, ROLE_KEYS, (key) => roleNames(key as RoleKey));
}

/**
 * The seasons the API covers for the key, newest first: those its leagues list, else its seasons
 * route, else (neither readable) the current season and the ones before it.
 */
async function seasonsOffered(api: ApiClient | undefined, now: Date): Promise<string[]> {
  const known = new Set<string>();
  if (api) {
    try {
      const { data } = await api.leagues();
      for (const league of data.data) for (const season of league.seasons ?? []) known.add(season);
      if (known.size === 0) {
        const seasons = await api.seasons();
        for (const row of seasons.data.data) if (row.season) known.add(row.season);
      }
    } catch {
      // A completion is a hint: an unreachable API falls back to the calendar below.
    }
  }
  const labels = [...known].filter((s) => /^\d{2}-\d{2}$/.test(s)).sort((a, b) => b.localeCompare(a));
  if (labels.length > 0) return labels;
  return Array.from({ length: SEASONS_OFFERED }, (_, i) =>
    seasonOf(new Date(Date.UTC(now.getUTCFullYear() - i, now.getUTCMonth(), 1))),
  );
}

/** Season labels (25-26) the API covers, newest first; "2025" or "2025/26" find "25-26" too. */
export async function completeSeason(
  api: ApiClient | undefined,
  value: string,
  now = new Date(),
): Promise<string[]> {
  const labels = await seasonsOffered(api, now);
  const longForms = (label: string) => {
    const [start = '', end = ''] = label.split('-');
    return [label, `20${start}-${end}`, `20${start}/${end}`, `20${start}/20${end}`, `20${start}-20${end}`];
  };
  return matching(value.trim(), labels, longForms, true);
}

/** League names of the key matching what was typed (by name or country); none when unreachable. */
export async function completeLeague(api: ApiClient, value: string): Promise<string[]> {
  try {
    const { data } = await api.leagues();
    const countryOf = new Map(data.data.map((l) => [l.name, l.country ?? '']));
    return matching(
      value,
      data.data.map((l) => l.name),
      (name) => [name, countryOf.get(name) ?? ''],
    );
  } catch {
    // A completion is a hint: without a key or upstream the client just gets no suggestions.
    return [];
  }
}

/** Watchlist names of the key in use matching what was typed: read from our own store, no request. */
export async function completeWatchlist(
  access: WatchlistAccess | undefined,
  value: string,
): Promise<string[]> {
  if (!access) return [];
  try {
    const docs = await access.store.list(access.owner);
    return matching(
      value ?? '',
      docs.map((d) => d.name),
    );
  } catch {
    return [];
  }
}
