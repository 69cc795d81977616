// The one resolve-batch call of resolve_players and the watchlists: each row tied to the player it
// answers by what it carries (src/facts/resolve-match.ts), each player's row cached on its own, so a later
// batch asks only for the players no earlier one answered. A player without a row is not cached: asked
// again.
import type { ApiClient, ApiResult } from '../../src/api/client.js';
import type { ResolvedPlayer } from '../../src/api/schemas.js';
import { answers, type ResolveQuery, type Tied, tieRows } from '../../src/facts/resolve-match.js';

export type { ResolveQuery } from '../../src/facts/resolve-match.js';

/** One request for up to 100 players (none when every one is cached). */
export async function resolveBatch(
  api: ApiClient,
  asked: readonly ResolveQuery[],
  signal: AbortSignal,
): Promise<ApiResult<Tied>> {
  // A row id an earlier answer tied to its person (a history, a row with both ids) is known by it: the
  // API may answer a last season's id with this season's row only.
  const queries = asked.map((q) => {
    if (!('player_id' in q) || q.known_person !== undefined) return q;
    const person = api.personOf(q.player_id);
    return person === undefined ? q : { ...q, known_person: person };
  });
  const stray: ResolvedPlayer[] = [];
  const result = await api.resolveBatch({
    items: queries,
    // May run twice (a cached answer lacking a player, then a fresh one): the strays of the last one.
    split: ({ data }, items) => {
      const tied = tieRows(items, data);
      stray.splice(0, stray.length, ...tied.stray);
      return tied.rows;
    },
    // Not reached: the split gives every item its row or undefined, so the answer always splits.
    rows: ({ data }) => tieRows(queries, data).rows,
    signal,
  });
  // A cached row is held to the same test: one cached before rows were tied by id may not answer it.
  const rows = result.data.map((row, i) => {
    const query = queries[i];
    if (row === undefined || (query && answers(query, row))) return row;
    stray.push(row);
    return undefined;
  });
  return { ...result, data: { rows, stray } };
}
