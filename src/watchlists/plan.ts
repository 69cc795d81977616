// What is said of a stored watchlist wherever it is shown: its size, its last refresh, and what a
// refresh costs in upstream requests, counted before any is sent.
import { COMPARE_BATCH, RESOLVE_BATCH } from '../api/endpoints.js';
import type { Retry } from '../api/request-tally.js';
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
  /**
   * Rankings a refresh may ask beyond `rankings`: a player who moved league (or changed primary role)
   * needs the ranking of his new pair, known only after the compare; at most one per player.
   */
  more_rankings: number;
}

export function refreshPlan(doc: WatchlistDoc): RefreshPlan {
  return planOf(doc.entries.length, rankingsOf(doc));
}

/** The plan of a list of `n` players whose refresh asks for `rankings` rankings (see rankingsOf). */
function planOf(n: number, rankings: number): RefreshPlan {
  const resolve = Math.ceil(n / RESOLVE_BATCH);
  const compare = n >= 2 ? Math.ceil(n / COMPARE_BATCH) : 0;
  const record = n >= 1 ? 1 : 0;
  const total = resolve + compare + record + rankings;
  return { players: n, resolve, compare, record, rankings, total, more_rankings: Math.max(0, n - rankings) };
}

/** The most a refresh may send, retries aside: the plan and every ranking a moved player may add. */
export function planBound(plan: RefreshPlan): number {
  return plan.total + plan.more_rankings;
}

export function planText(plan: RefreshPlan): string {
  if (plan.total === 0) return 'no request (no players)';
  const parts = [
    `${plan.resolve} resolve-batch`,
    plan.compare > 0 && `${plan.compare} compare`,
    `${plan.record} player record`,
    plan.rankings > 0 && `${plan.rankings} ranking${plan.rankings === 1 ? '' : 's'}`,
  ].filter(Boolean);
  const more =
    plan.more_rankings > 0
      ? `, and 1 ranking more per league and primary role a player moved to (known after the compare; ${planBound(plan)} at most in all)`
      : '';
  return `${plan.total} request${plan.total === 1 ? '' : 's'} (${parts.join(', ')})${more}`;
}

/** The routes as a refresh's answer names them. */
const ROUTE_WORDS: Record<string, string> = {
  resolveBatch: 'resolve-batch',
  compare: 'compare',
  player: 'player record',
  rankings: 'ranking',
};

/**
 * Why a refresh sent more than its plan, or asked beyond it: each retry and what it met, and the rankings
 * of league and role pairs the last snapshot did not have (players who moved), with whom they were for.
 */
export function beyondPlan(
  plan: RefreshPlan,
  before: WatchlistDoc,
  asked: {
    rankings: readonly { league: string; role: string; players: readonly string[] }[];
    players: Record<string, { name?: string | null }>;
  },
  retries: readonly Retry[],
): string[] {
  const reasons = retries.map(
    (r) => `the ${ROUTE_WORDS[r.route] ?? r.route} request was retried after ${r.after}`,
  );
  const known = pairsOf(before);
  const added = asked.rankings.filter((r) => !known.has(`${r.league}\n${r.role}`));
  if (asked.rankings.length > plan.rankings && added.length > 0) {
    const who = added.map((r) => {
      const names = r.players.map((id) => asked.players[id]?.name ?? id).join(', ');
      return `${names} in ${r.league} as ${r.role}`;
    });
    const extra = asked.rankings.length - plan.rankings;
    reasons.push(
      `${extra} ranking${extra === 1 ? '' : 's'} more than planned, for a league and primary role the last snapshot did not have (${who.join('; ')})`,
    );
  }
  return reasons;
}

/** The league and primary role pairs the last snapshot knows for the players followed. */
function pairsOf(doc: WatchlistDoc): Set<string> {
  const last = doc.snapshots.at(-1)?.players ?? {};
  const pairs = new Set<string>();
  for (const entry of doc.entries) {
    const seen = entry.service_id ? last[entry.service_id] : undefined;
    if (seen?.league && seen.primary_role) pairs.add(`${seen.league}\n${seen.primary_role}`);
  }
  return pairs;
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
  /** With a ranking more for each player who may have moved league or role (planBound). */
  refresh_cost_max: number;
};

/** What is said of a list: from its index entry (listing reads no list whole), or from its document. */
export function summarize(list: WatchlistInfo | WatchlistDoc): WatchlistSummary {
  const { rankings, bytes: _bytes, damaged: _damaged, ...info } = 'entries' in list ? infoOf(list, 0) : list;
  const plan = planOf(info.players, rankings);
  return { ...info, refresh_cost: plan.total, refresh_cost_max: planBound(plan) };
}

/** Refreshing every list now: what it costs, the quota left, and the order to spend it in. */
export interface RunPlan {
  /** Requests of every list's plan, cached answers aside. */
  cost: number;
  /** With a ranking more for each player who may have moved (planBound of each). */
  cost_max: number;
  /** Requests left today; null when the API has not said (or the plan is unlimited: `unlimited`). */
  quota_left: number | null;
  unlimited: boolean;
  /** Stalest first (never refreshed, then the oldest refresh), the cheaper first among equals. */
  order: { name: string; cost: number; cost_max: number; within_quota: boolean }[];
}

export function runPlan(
  lists: readonly WatchlistSummary[],
  quota: { remaining: number | null; unlimited: boolean },
): RunPlan {
  const due = lists
    .filter((l) => l.players > 0)
    .sort(
      (a, b) =>
        (a.last_refresh ?? '').localeCompare(b.last_refresh ?? '') ||
        a.refresh_cost - b.refresh_cost ||
        a.name.localeCompare(b.name),
    );
  let spent = 0;
  const order = due.map((l) => {
    spent += l.refresh_cost;
    const within = quota.unlimited || quota.remaining === null || spent <= quota.remaining;
    return { name: l.name, cost: l.refresh_cost, cost_max: l.refresh_cost_max, within_quota: within };
  });
  return {
    cost: due.reduce((sum, l) => sum + l.refresh_cost, 0),
    cost_max: due.reduce((sum, l) => sum + l.refresh_cost_max, 0),
    quota_left: quota.unlimited ? null : quota.remaining,
    unlimited: quota.unlimited,
    order,
  };
}

/** Lists that cannot be read, each named with what to do: for the notes beside a listing. */
export function damagedNotes(lists: readonly WatchlistInfo[]): string[] {
  return lists.flatMap((list) => damagedNote(list) ?? []);
}
