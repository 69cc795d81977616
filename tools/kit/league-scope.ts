// Gender and level are facts of a league, read from GET /v1/leagues (cached): the leagues a `gender` or
// `level` argument means, and the note that a list mixes men's and women's football.
import { getMaxListeners, setMaxListeners } from 'node:events';
import { z } from 'zod';
import type { ApiClient } from '../../src/api/client.js';
import { BadResponseError, InvalidArgumentError } from '../../src/api/errors.js';
import { unreadWhy } from '../../src/api/reader/unread.js';
import type { League } from '../../src/api/schemas.js';
import { type Gender, genderOf, isCup, isYouth } from '../../src/domain/league-reading.js';
import { levelNumber } from '../../src/domain/league-words.js';
import { fold } from '../../src/lib/fold.js';
import { onSameRows } from '../../src/lib/same-rows.js';
import { RefusedError } from '../../src/mcp/result.js';

const LEVELS = ['top', 'second', 'youth'] as const;
export type Level = (typeof LEVELS)[number];

export const GenderArg = z.enum(['men', 'women']).describe('Each league of it, 1 request.');
export const LevelArg = z.enum(LEVELS).describe('As gender; youth: U-age, reserve.');
/** What gender and level cost, said in the tool's description. */
export const SCOPE_COST =
  "gender/level (youth: U-age, reserve): all the key's leagues of it, 1 request each.";

export interface ScopeFacts {
  gender?: Gender | undefined;
  level?: Level | undefined;
}

function levelFits(league: League, level: Level | undefined): boolean {
  if (level === undefined) return true;
  if (level === 'youth') return isYouth(league);
  return !isYouth(league) && levelNumber(league.level) === (level === 'top' ? 1 : 2);
}

/** Whether a league has the gender and level asked (unknown gender: no). */
export function fitsScope(league: League, { gender, level }: ScopeFacts): boolean {
  if (isCup(league)) return false;
  if (gender !== undefined && genderOf(league) !== gender) return false;
  return levelFits(league, level);
}

/** The facts a scope looks at that some league (not a cup) lacks because they could not be read. */
function scopeFactsUnread(leagues: readonly League[], { gender, level }: ScopeFacts): string[] {
  const lacking = (field: 'gender' | 'level') =>
    leagues.some((l) => (l[field] ?? null) === null && unreadWhy(l, field) !== undefined && !isCup(l));
  return [
    ...(gender !== undefined && lacking('gender') ? ['gender'] : []),
    ...(level !== undefined && level !== 'youth' && lacking('level') ? ['level'] : []),
  ];
}

/** "women's youth", "top", "men's". */
export function scopeWords({ gender, level }: ScopeFacts): string {
  return [gender && `${gender}'s`, level].filter(Boolean).join(' ');
}

/**
 * The key's leagues of the gender and level asked, and notes that say them and what reading them costs;
 * refuses when none fits, naming what the key has.
 */
export async function leaguesInScope(
  api: ApiClient,
  facts: ScopeFacts,
  signal: AbortSignal | undefined,
): Promise<{ names: string[]; notes: string[] }> {
  const result = await api.leagues({ signal });
  const all = result.data.data;
  const words = scopeWords(facts);
  // Which leagues are of the scope is told only by the whole list, each league's facts read: else a
  // ranking across "every league of it" would leave some out and rank the rest as if they were all.
  if (result.more !== 'no') {
    // Not the caller's argument at fault: refused as it is, never "Invalid gender".
    throw new RefusedError(
      `Which of the key's leagues are ${words} football cannot be told: its league list was not read whole (${all.length} leagues read within ${api.maxPages} pages; the note of list_leagues says why). Name the leagues with league or leagues, or raise --max-pages (FOOTBALL_MCP_MAX_PAGES).`,
    );
  }
  const unreadFacts = scopeFactsUnread(all, facts);
  if (unreadFacts.length > 0) {
    throw new BadResponseError(
      `the ${unreadFacts.join(' and ')} of some of the key's leagues could not be read, so which are ${words} football cannot be told (list_leagues names the field; \`football-scout-mcp doctor\` checks it). Name the leagues with league or leagues.`,
      'GET /v1/leagues',
    );
  }
  const names = all.filter((l) => fitsScope(l, facts)).map((l) => l.name);
  const unknown = facts.gender ? all.filter((l) => !isCup(l) && genderOf(l) === undefined).length : 0;
  const left =
    unknown > 0 ? ` ${unknown} league${unknown === 1 ? ' gives' : 's give'} no gender: left out.` : '';
  if (names.length === 0) {
    throw new InvalidArgumentError(
      facts.level !== undefined && facts.gender !== undefined ? 'level' : facts.gender ? 'gender' : 'level',
      `None of the key's ${all.length} leagues is ${words} football.${left} list_leagues shows their gender and level.`,
      [],
      { kind: 'leagues' },
    );
  }
  // One read a league, in parallel, each listening to the caller's signal.
  if (signal && getMaxListeners(signal) < names.length + 10) setMaxListeners(names.length + 10, signal);
  const shown = names.slice(0, 6).join(', ');
  return {
    names,
    notes: [
      `${words} football: ${names.length} league${names.length === 1 ? '' : 's'} of the key (${shown}${names.length > 6 ? ', …' : ''}), ${names.length === 1 ? 'read with one request' : 'read one request each'}.${left}`,
    ],
  };
}

/** The leagues list by folded name, made once per list kept in the cache. */
const leaguesByName = onSameRows((rows: readonly League[]) => new Map(rows.map((l) => [fold(l.name), l])));

/**
 * A note when rows of one list come from men's and from women's football (by their leagues' gender on
 * GET /v1/leagues): the list says so, and how to keep one. Nothing when the rows are of one league.
 */
export async function footballMixNote(
  api: ApiClient,
  leagues: readonly (string | null | undefined)[],
  signal: AbortSignal | undefined,
  keepOne = 'gender keeps one',
): Promise<string[]> {
  const distinct = [...new Set(leagues.filter((l): l is string => !!l))];
  if (distinct.length < 2) return [];
  const rows = await api
    .leagues({ signal })
    .then((r) => r.data.data)
    .catch((error: unknown) => {
      // A cancelled call ends; any other failure is said, never taken for "one football".
      if (signal?.aborted) throw error;
      return undefined;
    });
  if (!rows)
    return [
      "Whether this list mixes men's and women's football could not be checked: the league list could not be read.",
    ];
  const byName = leaguesByName(rows);
  const of = (gender: Gender) =>
    distinct.filter((name) => {
      const league = byName.get(fold(name));
      return league !== undefined && genderOf(league) === gender;
    });
  const women = of('women');
  const men = of('men');
  if (women.length === 0 || men.length === 0) return [];
  // Counted, not named: each row shows its league, and a 20-row ranking stays within its token budget.
  const count = (n: number, word: string) => `${n} ${word} league${n === 1 ? '' : 's'}`;
  return [
    `List mixes men's and women's football (${count(women.length, "women's")}, ${count(men.length, "men's")}): ${keepOne}.`,
  ];
}
