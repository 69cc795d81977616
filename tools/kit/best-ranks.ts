// The best ranks of a ranking, whatever order the API lists it in. The rows are put in rank order
// (src/facts/rank-order.ts); when the API listed them worst first and the rows read do not reach the
// first rank, the ranking is read again as far as the tool reads (`max` rows) so the caller's limit
// takes the best ranks, not the first rows sent: an API listing ascending scores made "the best five"
// ranks 100 to 96.
import { byRank, type RankOrder } from '../../src/facts/rank-order.js';

type Row<R> = R extends { data: { data: (infer T)[] } } ? T : never;

export async function bestRanks<R extends { data: { data: { rank: number }[] } }>(
  ask: (limit: number) => Promise<R>,
  limit: number,
  max: number,
): Promise<{ result: R; order: RankOrder<Row<R>> }> {
  const result = await ask(limit);
  const order = byRank(result.data.data as Row<R>[]);
  if (!order.reversed || (order.first ?? 1) <= 1 || limit >= max) return { result, order };
  const again = await ask(max);
  const reordered = byRank(again.data.data as Row<R>[]);
  const note = `The API listed this ranking worst first: it was read up to ${max} rows and put in rank order.`;
  return { result: again, order: { ...reordered, notes: [note, ...reordered.notes] } };
}
