// scout_players' local filters: what the upstream's scouting body cannot ask (a position family, a
// preferred foot, a market-value ceiling), applied to the rows it gave, each saying what it left out and
// why. Foot may only be in the player record: those calls are counted before any is sent and spent only
// within the caller's budget.
import type { ApiClient, ApiResult } from '../../src/api/client.js';
import { ApiError } from '../../src/api/errors.js';
import type { ScoutedPlayer } from '../../src/api/schemas.js';
import { familyOf } from '../../src/domain/position-statistics.js';
import type { RoleFamily } from '../../src/domain/roles.js';
import { fold } from '../../src/lib/fold.js';

export type Foot = 'left' | 'right' | 'both';

const FOOT_WORDS: ReadonlyArray<readonly [RegExp, Foot]> = [
  [/^(both|either|two|ambidext\w*|ambi|deux|les_deux|beide|ambos|b)$/, 'both'],
  [/^(left|l|gauche|g|links|izquierdo|zurdo|sinistro|esquerdo)(_foot(ed)?)?$/, 'left'],
  [/^(right|r|droit|d|rechts|derecho|diestro|destro|direito)(_foot(ed)?)?$/, 'right'],
];

/** A preferred foot as the API may spell it ("Left", "gauche", "L"); undefined when unreadable. */
export function readFoot(value: string | null | undefined): Foot | undefined {
  if (!value) return undefined;
  const folded = fold(value);
  return FOOT_WORDS.find(([pattern]) => pattern.test(folded))?.[1];
}

/** The id a player is known by across leagues: service_id, else player_id. */
export function playerKey(row: ScoutedPlayer): string | undefined {
  return row.service_id ?? row.player_id ?? undefined;
}

/** Rows of several leagues as one list: best score first (unknown last), each player once. */
export function mergeByScore(lists: ReadonlyArray<readonly ScoutedPlayer[]>): ScoutedPlayer[] {
  return oncePerPlayer(lists.flat().sort((a, b) => (b.score ?? -Infinity) - (a.score ?? -Infinity)));
}

/**
 * Rows of several leagues whose scores could not be read, as one list no score orders: the leagues' rows
 * taken in turn (the first of each, then the second...), so a cut keeps a share of each league, each in
 * the API's order; each player once.
 */
export function inTurn(lists: ReadonlyArray<readonly ScoutedPlayer[]>): ScoutedPlayer[] {
  const longest = Math.max(0, ...lists.map((list) => list.length));
  const rows: ScoutedPlayer[] = [];
  for (let i = 0; i < longest; i++)
    for (const list of lists) {
      const row = list[i];
      if (row !== undefined) rows.push(row);
    }
  return oncePerPlayer(rows);
}

/** `rows` (of `lists`) with each league's rows together, leagues in the order asked, each league's order kept. */
export function byLeagueAsked(
  rows: readonly ScoutedPlayer[],
  lists: ReadonlyArray<readonly ScoutedPlayer[]>,
): ScoutedPlayer[] {
  const leagueOf = new Map(lists.flatMap((list, i) => list.map((row) => [row, i] as const)));
  return [...rows].sort((a, b) => (leagueOf.get(a) ?? 0) - (leagueOf.get(b) ?? 0));
}

function oncePerPlayer(rows: readonly ScoutedPlayer[]): ScoutedPlayer[] {
  const seen = new Set<string>();
  return rows.filter((row) => {
    const key = playerKey(row);
    if (key === undefined) return true;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export interface Filtered {
  rows: ScoutedPlayer[];
  notes: string[];
}

/** Rows of `family` by the position they carry (the scouted role is the best *requested* one, not theirs). */
export function byFamily(rows: readonly ScoutedPlayer[], family: RoleFamily): Filtered {
  const kept: ScoutedPlayer[] = [];
  let other = 0;
  let unknown = 0;
  for (const row of rows) {
    const of = familyOf(undefined, row.position);
    if (of === family) kept.push(row);
    else if (of === undefined) unknown++;
    else other++;
  }
  const name = family.replaceAll('_', ' ');
  const notes = [
    ...(other > 0 ? [`position ${name}: ${other} rows of other positions left out.`] : []),
    ...(unknown > 0 ? [`position ${name}: ${unknown} rows left out, their position could not be read.`] : []),
  ];
  return { rows: kept, notes };
}

/** Rows valued at most `ceiling`; rows with no value are left out and counted. */
export function byValue(rows: readonly ScoutedPlayer[], ceiling: number): Filtered {
  const kept = rows.filter((r) => r.market_value_eur != null && r.market_value_eur <= ceiling);
  const unvalued = rows.filter((r) => r.market_value_eur == null).length;
  const over = rows.length - kept.length - unvalued;
  const notes = [
    ...(over > 0 ? [`max_value_eur: ${over} rows valued above it left out.`] : []),
    ...(unvalued > 0 ? [`max_value_eur: ${unvalued} rows left out, the API gave no value.`] : []),
  ];
  return { rows: kept, notes };
}

export interface FootFiltered extends Filtered {
  /** The record answers read: their sources and quotas belong to the answer. */
  records: ApiResult<unknown>[];
  /** Every row was decided (none left unchecked, none beyond `want` unvisited). */
  complete: boolean;
}

/**
 * Rows whose preferred foot is `foot`: from the row when it carries one, else from the player record
 * (one request each), best score first, at most `budget` records and no more than needed for `want`
 * rows. Rows left unchecked are not shown, and the note says how many records checking them would take.
 */
export async function byFoot(
  api: ApiClient,
  rows: readonly ScoutedPlayer[],
  foot: Foot,
  budget: number,
  want: number,
  signal: AbortSignal | undefined,
): Promise<FootFiltered> {
  const kept: ScoutedPlayer[] = [];
  const records: ApiResult<unknown>[] = [];
  const needed = rows.filter((r) => r.foot == null).length;
  let visited = 0;
  let unreadable = 0;
  let failed = 0;
  let unchecked = 0;
  for (const row of rows) {
    if (kept.length >= want) break;
    visited++;
    let known = readFoot(row.foot);
    if (known === undefined && row.foot == null) {
      const id = playerKey(row);
      if (records.length >= budget || id === undefined) {
        unchecked++;
        continue;
      }
      try {
        const record = await api.player({ id, signal });
        records.push(record);
        known = readFoot(record.data.data.foot);
        if (known === undefined) {
          unreadable++;
          continue;
        }
      } catch (error) {
        if (!(error instanceof ApiError) || signal?.aborted) throw error;
        failed++;
        continue;
      }
    } else if (known === undefined) {
      unreadable++;
      continue;
    }
    if (known === foot) kept.push(row);
  }
  const spent = records.length;
  const notes: string[] = [];
  if (needed > 0)
    notes.push(
      `foot: ${needed} candidates' rows do not carry it: checking them takes up to ${needed} player records (1 request each, unless cached); ${spent} read within record_budget ${budget}.`,
    );
  if (unchecked > 0)
    notes.push(
      `foot: ${unchecked} candidates left unchecked and not shown: raise record_budget to ${spent + unchecked} to check them.`,
    );
  if (unreadable > 0) notes.push(`foot: ${unreadable} rows left out, their foot could not be read.`);
  if (failed > 0) notes.push(`foot: ${failed} player records could not be read; those players left out.`);
  return { rows: kept, notes, records, complete: unchecked === 0 && visited === rows.length };
}
