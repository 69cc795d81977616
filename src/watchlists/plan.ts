// What is said of a stored watchlist wherever it is shown: its size, its last refresh, and what a
// refresh costs in upstream requests, counted before any is sent.
import { COMPARE_BATCH, RESOLVE_BATCH } from '../api/endpoints.js';
import { damagedNote, infoOf, rankingsOf, type WatchlistInfo } from '../store/watchlist-info.js';
import type { WatchlistDoc } from '../store/watchlists.js';

/**
 * The requests of one refresh, by route, at most (cached answers cost nothing): one resolve-batch per 100
 * players (links pending rows, finds each person's current row), one compare per 10 (minutes, roles,
 * value), one player record (the data's date; the only detail route when one player is followed), and one
 * ranking per league and primary role (rank among the league's players in that role). The rankings are
 * counted from the last snapshot; a player without one counts one.
 */
export interface RefreshPlan {
  players: number;
  resolve: number;
  compare: number;
  record: number;
  rankings: number;
  total: number;
}

export function refreshPlan(doc: WatchlistDoc): RefreshPlan {
  return planOf(doc.entries.length, rankingsOf(doc));
}

/** The plan of a list of `n` players whose refresh asks for `rankings` rankings (see rankingsOf). */
function planOf(n: number, rankings: number): RefreshPlan {
  const resolve = Math.ceil(n / RESOLVE_BATCH);
  const compare = n >= 2 ? Math.ceil(n / COMPARE_BATCH) : 0;
  const record = n >= 1 ? 1 : 0;
  return { players: n, resolve, compare, record, rankings, total: resolve + compare + record + rankings };
}

export function planText(plan: RefreshPlan): string {
  if (plan.total === 0) return 'no request (no players)';
  const parts = [
    `${plan.resolve} resolve-batch`,
    plan.compare > 0 && `${plan.compare} compare`,
    `${plan.record} player record`,
    plan.rankings > 0 && `${plan.rankings} ranking${plan.rankings === 1 ? '' : 's'}`,
  ].filter(Boolean);
  return `${plan.total} request${plan.total === 1 ? '' : 's'} (${parts.join(', ')})`;
}

/** Balanced chunks of at most `size`, none of one item when there are two or more (compare takes 2-10). */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  if (items.length === 0) return [];
  const count = Math.ceil(items.length / size);
  const out: T[][] = [];
  let start = 0;
  for (let i = 0; i < count; i++) {
    const length = Math.floor(items.length / count) + (i < items.length % count ? 1 : 0);
    out.push(items.slice(start, start + length));
    start += length;
  }
  return out;
}

/** What is said of a list: its index entry, less what only the store needs, with a refresh's cost. */
export type WatchlistSummary = Omit<WatchlistInfo, 'rankings' | 'bytes' | 'damaged'> & {
  /** Upstream requests a refresh would send at most, cached answers aside. */
  refresh_cost: number;
};

/** What is said of a list: from its index entry (listing reads no list whole), or from its document. */
export function summarize(list: WatchlistInfo | WatchlistDoc): WatchlistSummary {
  const { rankings, bytes: _bytes, damaged: _damaged, ...info } = 'entries' in list ? infoOf(list, 0) : list;
  return { ...info, refresh_cost: planOf(info.players, rankings).total };
}

/** Lists that cannot be read, each named with what to do: for the notes beside a listing. */
export function damagedNotes(lists: readonly WatchlistInfo[]): string[] {
  return lists.flatMap((list) => damagedNote(list) ?? []);
}
