// The best ranks of a ranking, whatever order the API lists it in. The rows are put in rank order
// (src/facts/rank-order.ts), and the rows shown as the best are only those the read proves the best:
// the whole list was read, the API listed best first from rank 1, or ranks 1, 2, 3… up to the limit
// were read. Otherwise (a ranking listed worst first or in another order, pages smaller than the list)
// it is read again, at most twice: asked no longer than the caller's limit (an API whose limit bounds the
// list answers its best N), then from its last page back when it came worst first and the paging says
// where the last page is, or else whole within the page budget. When the best ranks are still not
// reached, only the ranks proven best are shown and the answer says the rest could not be read.
import type { ListRead, PageReading } from '../../src/api/list-pages.js';
import { byRank, type RankOrder } from '../../src/facts/rank-order.js';

type Row<R> = R extends { data: { data: (infer T)[] } } ? T : never;

/** What a ranking read carries: its rows with their ranks, and what the list read knows of the rest. */
export type RankedRead = { data: { data: { rank: number }[] } } & Pick<
  ListRead<unknown>,
  'more' | 'total' | 'pageSize'
>;

export interface BestRanks<R extends RankedRead> {
  result: R;
  order: RankOrder<Row<R>>;
  /** The rows shown are the ranking's best: false when they could not all be read (fewer shown). */
  reached: boolean;
}

interface Judged<R extends RankedRead> {
  result: R;
  order: RankOrder<Row<R>>;
  reached: boolean;
}

/** Rows in rank order that no other order gives by chance (ten: 1 chance in 3.6 million). */
const NOT_BY_CHANCE = 10;

function judged<R extends RankedRead>(result: R, limit: number, asked: boolean): Judged<R> {
  // A row sent twice: pages cut from a list whose order changed between requests (an unstable sort),
  // so rows may also be missing: kept once, and the read is no whole list whatever its paging said.
  const sent = result.data.data as Row<R>[];
  const unique = withoutRepeats(sent);
  const order = byRank(unique);
  const rows = order.rows.length;
  const whole = result.more === 'no' && unique.length === sent.length;
  // The list the caller asked: whole, or listed best first from rank 1, its first rows are its best (a
  // rank skipped between them is said: rank-order.ts). With ranks skipped, rows in rank order are a list
  // sent best first only when too many to come so by chance; fewer, the ranks skipped may be rows not
  // read yet (a list by name whose first page came in rank order: ranks 1, 4, 22 are no best three).
  const bestFirst =
    order.ascending && order.first === order.best && (order.proven === rows || rows >= NOT_BY_CHANCE);
  const listed = asked && (whole || bestFirst);
  const reached = listed || order.proven >= limit || (whole && rows > 0 && order.proven === rows);
  return { result, order, reached };
}

/**
 * `rows` without a row sent twice: each kept at its first place, as its last copy sent. Only rows sharing
 * a rank can be the same row, so only those are compared (a ranking's rows are not each turned into JSON
 * on every answer, cached or not): by the person they rank when they name one (a field a page gives
 * by place, a resource id `ranking_entry_3`, differs between two pages' copies of a row), else whole.
 */
export function withoutRepeats<T extends { rank: unknown }>(sent: readonly T[]): T[] {
  const rows = withoutRenumbered(sent);
  const ranks = new Map<unknown, number>();
  for (const row of rows) {
    const key = rankKey(row.rank);
    ranks.set(key, (ranks.get(key) ?? 0) + 1);
  }
  if (ranks.size === rows.length) return [...rows];
  const unique = new Map<unknown, T>();
  for (const row of rows) unique.set((ranks.get(rankKey(row.rank)) ?? 0) > 1 ? sameRowKey(row) : row, row);
  return [...unique.values()];
}

/**
 * `rows` without a later copy of a row sent again under another rank: a player_id is one row (the spec's
 * row id), so the same player_id twice is that row again, renumbered by an order that changed between
 * pages (ranks given by place: the row it displaced is on no page). The first copy is kept; copies at the
 * same rank are left to withoutRepeats.
 */
function withoutRenumbered<T extends { rank: unknown }>(rows: readonly T[]): readonly T[] {
  const rankOf = new Map<string, unknown>();
  let again = false;
  for (const row of rows) {
    const id = (row as { player_id?: unknown }).player_id;
    if (typeof id !== 'string') continue;
    if (!rankOf.has(id)) rankOf.set(id, rankKey(row.rank));
    else if (rankOf.get(id) !== rankKey(row.rank)) again = true;
  }
  if (!again) return rows;
  const seen = new Map<string, unknown>();
  return rows.filter((row) => {
    const id = (row as { player_id?: unknown }).player_id;
    if (typeof id !== 'string') return true;
    if (!seen.has(id)) {
      seen.set(id, rankKey(row.rank));
      return true;
    }
    return seen.get(id) === rankKey(row.rank);
  });
}

/** What tells a row from another of its rank: its rank and person, or its whole JSON without a person. */
function sameRowKey(row: { rank: unknown }): string {
  const { service_id: service, player_id: player } = row as { service_id?: unknown; player_id?: unknown };
  const person =
    typeof service === 'string' ? `s:${service}` : typeof player === 'string' ? `p:${player}` : undefined;
  return person === undefined ? JSON.stringify(row) : `${JSON.stringify(rankKey(row.rank))} ${person}`;
}

/** Equal for ranks whose JSON is equal (every number JSON cannot write is `null` there), apart otherwise. */
function rankKey(rank: unknown): unknown {
  return typeof rank === 'number' && Number.isFinite(rank) ? rank : JSON.stringify(rank);
}

export async function bestRanks<R extends RankedRead>(
  ask: (limit: number | 'all', reading?: PageReading) => Promise<R>,
  limit: number,
): Promise<BestRanks<R>> {
  const first = judged(await ask(limit), limit, true);
  if (first.reached) return first;
  // Each read again stops as soon as ranks 1 to the limit are read.
  const until = (rows: readonly unknown[]) =>
    byRank(
      rows.filter((row): row is { rank: number } => typeof (row as { rank?: unknown }).rank === 'number'),
    ).proven >= limit;
  const plans: [number | 'all', PageReading][] = [];
  if ((first.result.pageSize ?? 0) > limit) plans.push([limit, { pageSize: limit, until }]);
  plans.push(['all', { fromEnd: first.order.reversed, until }]);
  let best = first;
  for (const [want, reading] of plans) {
    const read = await ask(want, reading);
    // A list asked shorter than the first says nothing of how long the ranking is: the first read does.
    const whole =
      reading.pageSize === undefined ? read : { ...read, more: first.result.more, total: first.result.total };
    const again = judged(whole, limit, false);
    if (again.reached)
      return { ...again, order: { ...again.order, notes: [reorderedNote(again), ...again.order.notes] } };
    if (again.order.proven > best.order.proven) best = again;
  }
  return unreached(best, limit);
}

function reorderedNote({ result, order }: Judged<RankedRead>): string {
  const how = order.descending ? 'worst first' : 'in another order than by rank';
  const read = order.rows.length === 1 ? '1 row was read' : `${order.rows.length} rows were read`;
  return `The API sent this ranking's rows ${how}: ${read}${result.more === 'no' ? '' : ' (not every page)'} and put in rank order.`;
}

/** The rows the ranks prove the best, and a note saying the best ranks could not all be read. */
function unreached<R extends RankedRead>({ result, order }: Judged<R>, limit: number): BestRanks<R> {
  const read = order.rows;
  const ranks =
    read.length > 0
      ? ` (ranks ${read[0]?.rank}–${read.at(-1)?.rank}${result.total !== undefined ? ` of ${result.total}` : ''})`
      : '';
  const shown =
    order.proven > 0
      ? `only ranks ${order.best}–${order.best + order.proven - 1}, proven the best by their ranks, are shown`
      : 'no row is shown as the best';
  const note =
    `The API sent this ranking's rows ${order.descending ? 'worst first' : 'in another order than by rank'} and its best ${limit} ranks could not all be read ` +
    `within the page budget (${read.length} rows read${ranks}): ${shown}.`;
  // Rows left out of a whole list: the list's count no longer says how many rows the answer lacks.
  const whole = result.more === 'no';
  return {
    result: { ...result, more: whole ? 'yes' : result.more, total: whole ? undefined : result.total },
    order: { ...order, rows: read.slice(0, order.proven), notes: [note] },
    reached: false,
  };
}
