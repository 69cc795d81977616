// The one resolve-batch call of resolve_players and the watchlists: each row tied to the player it
// answers by what it carries (resolve-match.ts), each player's row cached on its own, so a later batch
// asks only for the players no earlier one answered. A player without a row is not cached: asked again.
import type { ApiClient, ApiResult } from '../../src/api/client.js';
import type { ResolvedPlayer } from '../../src/api/schemas.js';
import { answers, type ResolveQuery, type Tied, tieRows } from './resolve-match.js';

export type { ResolveQuery } from './resolve-match.js';

/** One request for up to 100 players (none when every one is cached). */
export async function resolveBatch(
  api: ApiClient,
  queries: readonly ResolveQuery[],
  signal: AbortSignal,
): Promise<ApiResult<Tied>> {
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

/** A query as the notes and refusals name it: `"p123"`, or `"Name" (Club)`. */
export function queryLabel(query: ResolveQuery): string {
  return 'player_id' in query
    ? `"${query.player_id}"`
    : `"${query.name}"${query.club ? ` (${query.club})` : ''}`;
}

/** A row as the notes name it: `Bruno Baker (row pb2, ds_…)`, or `a not_found row` without name or id. */
export function rowLabel(row: ResolvedPlayer): string {
  const ids = [row.player_id != null && `row ${row.player_id}`, row.service_id].filter(Boolean);
  return `${row.name ?? `a ${row.status} row`}${ids.length > 0 ? ` (${ids.join(', ')})` : ''}`;
}

/** What is said of rows tied to no player asked; undefined when there are none. */
export function strayNote(stray: readonly ResolvedPlayer[]): string | undefined {
  if (stray.length === 0) return undefined;
  const count = stray.length === 1 ? '1 row' : `${stray.length} rows`;
  return `resolve-batch: ${count} of the API's answer carried no id or name asked (or answered a player another row answered differently) and ${stray.length === 1 ? 'was' : 'were'} left out: ${stray.map(rowLabel).join('; ')}.`;
}
