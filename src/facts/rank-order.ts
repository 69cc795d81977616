// A ranking read against what the spec fixes: every entry carries its `rank`. Rows are shown in rank
// order whatever order the API listed them in, and what the ranks themselves say is told: a repeat, a
// gap (rows the answer did not carry, or carried and could not be read), a list that does not start at
// the first rank. An API that lists its ranking worst first is noticed, so the caller's limit can take
// the best ranks rather than the first rows sent.

export interface RankOrder<T> {
  /** The rows by rank, ties in the API's order. */
  rows: T[];
  /**
   * The rows mostly go down in rank (more steps down than up): where the best ranks are likelier found,
   * so the last pages are read first. Not a claim about the order: a shuffled list may be so.
   */
  reversed: boolean;
  /** The API listed the rows read worst first: ranks never go up in the order sent (two rows at least). */
  descending: boolean;
  /** The smallest rank read (undefined with no rows). */
  first: number | undefined;
  /**
   * The rank of the best row: 1, or 0 for a ranking the API numbers from 0 (a rank 0 was read: no
   * ranking numbered from 1 has one). Ranks are shown as sent; the proofs count from this one.
   */
  best: number;
  /** What the ranks say beyond the rows: repeats, gaps, a late start. */
  notes: string[];
  /**
   * How many of `rows`, from the first, the ranks themselves prove the list's best: ranks 1, 2, 3… with
   * no rank left out (a tie only beside its equal). Rows past these may have better ranks unread.
   */
  proven: number;
  /** The API listed the rows read best first: ranks never go down in the order sent. */
  ascending: boolean;
}

/** Ranks shown in a note before "…": enough to find them, one line. */
const SHOWN = 4;

function spans(ranks: readonly string[]): string {
  const shown = ranks.slice(0, SHOWN).join(', ');
  return ranks.length > SHOWN ? `${shown}… (${ranks.length} in all)` : shown;
}

/** `rows` in rank order, with what their ranks say; `start` is the rank the list should begin at. */
export function byRank<T extends { rank: number }>(
  rows: readonly T[],
  { start = 1 }: { start?: number } = {},
): RankOrder<T> {
  let down = 0;
  let up = 0;
  let comparable = rows.length === 0 || isComparable((rows[0] as T).rank);
  for (let i = 1; i < rows.length; i++) {
    const a = (rows[i - 1] as T).rank;
    const b = (rows[i] as T).rank;
    if (b < a) down++;
    else if (b > a) up++;
    if (!isComparable(b)) comparable = false;
  }
  // Rows sent best first (most rankings) are in rank order already: no sort on every answer.
  const sorted =
    down === 0 && comparable
      ? [...rows]
      : rows
          .map((row, at) => ({ row, at }))
          .sort((x, y) => x.row.rank - y.row.rank || x.at - y.at)
          .map((x) => x.row);
  const notes: string[] = [];
  const repeated: number[] = [];
  const missing: string[] = [];
  // Rows tied at the rank before: ranked 1, 2, 2, 4 (the usual way), a tie of k rows is followed by the
  // rank k on, so the ranks it skips are no rows missing.
  let tied = 1;
  for (let i = 1; i < sorted.length; i++) {
    const a = (sorted[i - 1] as T).rank;
    const b = (sorted[i] as T).rank;
    if (a === b) {
      tied++;
      if (repeated[repeated.length - 1] !== b) repeated.push(b);
      continue;
    }
    const next = a + tied;
    tied = 1;
    if (Number.isInteger(a) && Number.isInteger(b) && b > next)
      missing.push(b - next === 1 ? `${next}` : `${next}–${b - 1}`);
  }
  const first = sorted[0]?.rank;
  const best = first === 0 ? 0 : start;
  if (best === 0)
    notes.push('The API numbers this ranking from 0: rank 0 is its best (ranks shown as the API sent them).');
  if (first !== undefined && Number.isInteger(first) && first > best)
    notes.push(
      `The API's ranking as read starts at rank ${first}: ranks ${best === first - 1 ? best : `${best}–${first - 1}`} were not in its answer.`,
    );
  if (missing.length > 0)
    notes.push(`Ranks missing between the rows the API sent: ${spans(missing)} (not shown).`);
  if (repeated.length > 0)
    notes.push(`The API gave the same rank to more than one row: rank ${spans(repeated.map(String))}.`);
  return {
    rows: sorted,
    reversed: down > up,
    descending: up === 0 && down > 0,
    first,
    best,
    notes,
    proven: provenBest(sorted, best),
    ascending: down === 0,
  };
}

/** A rank `<` orders as the sort does: a number, not NaN. */
function isComparable(rank: unknown): boolean {
  return typeof rank === 'number' && !Number.isNaN(rank);
}

/**
 * The length of the prefix of `sorted` (in rank order) that ranks 1, 2, 3… (0, 1, 2… from `best` 0)
 * prove the best of the whole list, whatever rows were not read: each row's rank is its place, or equals
 * the row before it (a tie). A rank past its place means better rows exist that were not read.
 */
export function provenBest(sorted: readonly { rank: number }[], best = 1): number {
  let i = 0;
  for (; i < sorted.length; i++) {
    const rank = (sorted[i] as { rank: number }).rank;
    if (rank === i + best) continue;
    if (i > 0 && rank === (sorted[i - 1] as { rank: number }).rank) continue;
    break;
  }
  return i;
}
