// Which player asked a resolve-batch row answers, told by what the row carries: the query it echoes,
// else the id asked among its ids, else the name asked (for an id, the name we know it by: a last
// season's row id may be answered with this season's row, which carries neither it nor an echo). Never
// by its place in the answer: the spec does not say the rows keep the order asked, nor that every
// player asked gets one.

import { aliasesOf } from '../api/reader/aliases.js';
import { foldedRecord } from '../api/reader/names.js';
import type { ResolvedPlayer } from '../api/schemas.js';
import { foldedWords } from '../lib/fold.js';

/**
 * A player asked; `known_as` (the name we already know an id by) and `known_person` (the service_id an
 * earlier answer tied the id to: a history, a row with both ids) stay with us, never sent.
 */
export type ResolveQuery =
  | { player_id: string; known_as?: string | undefined; known_person?: string | undefined }
  | { name: string; club?: string | undefined; season?: string | undefined };

export interface Tied {
  /** The row of each query, in the order asked; undefined where no row answers it. */
  rows: (ResolvedPlayer | undefined)[];
  /** Rows that answer no query asked, or one another row also claims: left out. */
  stray: ResolvedPlayer[];
}

/** Each row given to the one query it answers; a row that answers none, or several, to none. */
export function tieRows(queries: readonly ResolveQuery[], rows: readonly ResolvedPlayer[]): Tied {
  const keys = [...new Map(queries.map((q) => [keyOf(q), q])).entries()];
  const claimed = rows.map((row) => {
    const claims = claimsOf(keys, row);
    return claims.length === 1 ? claims[0] : undefined;
  });
  const byKey = new Map<string, ResolvedPlayer>();
  const conflicting = new Set<string>();
  rows.forEach((row, i) => {
    const key = claimed[i];
    if (key === undefined) return;
    const before = byKey.get(key);
    if (!before) byKey.set(key, row);
    else if (!sameAnswer(before, row)) conflicting.add(key);
  });
  // Two different answers to one question: neither is trusted.
  for (const key of conflicting) byKey.delete(key);
  const stray = rows.filter((_, i) => {
    const key = claimed[i];
    return key === undefined || conflicting.has(key);
  });
  return { rows: queries.map((q) => byKey.get(keyOf(q))), stray };
}

/** Whether `row` answers `query` (the same test as tieRows, for a row that has its query already). */
export function answers(query: ResolveQuery, row: ResolvedPlayer): boolean {
  return strength(query, row) > 0;
}

/**
 * How surely `row` answers `query`: 3 by its echo or the id asked, 2 by the name an id is known by,
 * 1 by the name asked, 0 not at all. An echo of another query is a no, whatever else the row carries.
 */
function strength(query: ResolveQuery, row: ResolvedPlayer): number {
  const echo = echoOf(row);
  if (echo) return echoMatches(query, echo) ? 3 : 0;
  if (!('player_id' in query)) return nameMatches(query, row) ? 1 : 0;
  if (idsOf(row).includes(query.player_id.trim())) return 3;
  // A last season's row id answered with this season's row: the person an earlier answer tied it to.
  if (query.known_person !== undefined && row.service_id === query.known_person) return 2;
  return query.known_as !== undefined && nameMatches({ name: query.known_as }, row) ? 2 : 0;
}

/** The queries that claim `row` most surely: an id asked before a name an id is known by, before a name asked. */
function claimsOf(keys: readonly (readonly [string, ResolveQuery])[], row: ResolvedPlayer): string[] {
  const scored = keys.map(([key, q]) => ({ key, score: strength(q, row) }));
  const best = Math.max(0, ...scored.map((c) => c.score));
  return best === 0 ? [] : scored.filter((c) => c.score === best).map((c) => c.key);
}

function keyOf(query: ResolveQuery): string {
  if ('player_id' in query) return `id\n${query.player_id.trim()}`;
  return `name\n${words(query.name).join(' ')}\n${words(query.club ?? '').join(' ')}\n${query.season ?? ''}`;
}

function sameAnswer(a: ResolvedPlayer, b: ResolvedPlayer): boolean {
  return a.status === b.status && a.player_id === b.player_id && a.service_id === b.service_id;
}

function idsOf(row: ResolvedPlayer): string[] {
  return [row.player_id, row.service_id].flatMap((id) => (id == null ? [] : [String(id).trim()]));
}

interface Echo {
  id?: string;
  name?: string;
  club?: string;
  saison?: string;
}

/** The query a row echoes, read under the usual aliases; undefined when it names no id and no name. */
function echoOf(row: ResolvedPlayer): Echo | undefined {
  if (!row.query) return undefined;
  // In any casing the API echoes it in (`playerId`, `Name`): names compared folded, as the reader does.
  const query = foldedRecord(row.query);
  const field = (...names: string[]) => {
    for (const name of names.flatMap((n) => [n, ...aliasesOf(n)])) {
      const value = query[name];
      if (typeof value === 'string' || typeof value === 'number') return String(value).trim();
    }
    return undefined;
  };
  const echo: Echo = {};
  const id = field('player_id', 'id', 'service_id');
  const name = field('name');
  const club = field('club');
  const saison = field('saison', 'season');
  if (id !== undefined) echo.id = id;
  if (name !== undefined) echo.name = name;
  if (club !== undefined) echo.club = club;
  if (saison !== undefined) echo.saison = saison;
  return echo.id !== undefined || echo.name !== undefined ? echo : undefined;
}

/** The echo is of this query: the same id, or the same name (and club and season, when both say). */
function echoMatches(query: ResolveQuery, echo: Echo): boolean {
  if ('player_id' in query) return echo.id === query.player_id.trim();
  if (echo.name === undefined || !sameWords(echo.name, query.name)) return false;
  if (query.club && echo.club !== undefined && !sameWords(echo.club, query.club)) return false;
  return !(query.season && echo.saison !== undefined && echo.saison !== query.season);
}

/** Without an echo: every word of the name asked is a word of the row's name (or of a candidate's). */
function nameMatches(query: Extract<ResolveQuery, { name: string }>, row: ResolvedPlayer): boolean {
  const asked = words(query.name);
  const names = [row, ...(row.candidates ?? [])].filter((r) => {
    if (query.club && r.club && !contains(words(r.club), words(query.club))) return false;
    return r.name != null && contains(words(r.name), asked);
  });
  return asked.length > 0 && names.length > 0;
}

/** Folded words: "Martin Ødegård" → ["martin", "odegard"]. */
const words = foldedWords;

function contains(haystack: readonly string[], needles: readonly string[]): boolean {
  return needles.every((w) => haystack.includes(w));
}

/** The same words, case, marks and spelling aside: "Martin Ødegård" and "martin  ODEGARD". */
export function sameWords(a: string, b: string): boolean {
  return words(a).join(' ') === words(b).join(' ');
}
