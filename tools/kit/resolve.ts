// The one resolve-batch call of resolve_players and the watchlists: each row tied to the player it
// answers by what it carries (src/facts/resolve-match.ts), each player's row cached on its own, so a later
// batch asks only for the players no earlier one answered. A player without a row is not cached: asked
// again.
import type { ApiClient, ApiResult } from '../../src/api/client.js';
import { publishReadNotes } from '../../src/api/reader/notes-sink.js';
import type { RouteName } from '../../src/api/routes.js';
import type { ResolvedPlayer } from '../../src/api/schemas.js';
import { answers, type ResolveQuery, type Tied, tieRows } from '../../src/facts/resolve-match.js';

export type { ResolveQuery } from '../../src/facts/resolve-match.js';

/**
 * One request for up to 100 players (none when every one is cached). A player asked by a row id that a
 * list answer still cached holds with its service_id (a ranking, a scouting page or a search of the
 * current season: ApiClient.cachedRow) is answered by that row: the same fact by the spec (a player_id
 * names one row, every player response carries its service_id), and the answer says so.
 */
export async function resolveBatch(
  api: ApiClient,
  asked: readonly ResolveQuery[],
  signal: AbortSignal,
): Promise<ApiResult<Tied>> {
  const seen = await Promise.all(
    asked.map(async (q) => {
      if (!('player_id' in q)) return undefined;
      const found = await api.cachedRow(q.player_id.trim(), signal);
      return found && IDENTITY.every((f) => typeof found.row[f] === 'string' && found.row[f] !== '')
        ? found
        : undefined;
    }),
  );
  const rest = asked.filter((_, i) => seen[i] === undefined);
  if (rest.length === asked.length) return resolveAsked(api, asked, signal);
  const routes = [...new Set(seen.flatMap((s) => (s ? [ROUTE_WORDS[s.route] ?? s.route] : [])))];
  const served = seen.filter(Boolean).length;
  publishReadNotes([
    `${served} of the ${asked.length} players asked ${served === 1 ? 'was' : 'were'} resolved from a cached ${routes.join(' or ')} answer carrying the row asked and its service_id (no resolve-batch request for ${served === 1 ? 'it' : 'them'}).`,
  ]);
  const asking = rest.length > 0 ? await resolveAsked(api, rest, signal) : undefined;
  let next = 0;
  const rows = asked.map((_, i) => {
    const s = seen[i];
    return s ? rowOf(s.row) : asking?.data.rows[next++];
  });
  const oldest = [...seen.flatMap((s) => (s ? [s.fetched_at] : [])), asking?.source.fetched_at]
    .filter((t): t is string => t !== undefined)
    .sort()[0] as string;
  return {
    data: { rows, stray: asking?.data.stray ?? [] },
    quota: asking?.quota ?? (await api.quota.reported()),
    source: { cached: asking?.source.cached ?? true, fetched_at: oldest },
  };
}

/**
 * What a resolved row shows (resolve_players): a list row lacking one of them is not taken for the
 * answer, which might carry it; the player is asked instead.
 */
const IDENTITY = ['player_id', 'service_id', 'name', 'club', 'league', 'season'] as const;

/** How a note names the list a row was read from. */
const ROUTE_WORDS: Partial<Record<RouteName, string>> = {
  rankings: 'ranking',
  statisticRankings: 'statistic ranking',
  scouting: 'scouting',
  playerSearch: 'player search',
};

/** A list row as resolve-batch's answer for its own id: the row's identity, linked to its person. */
function rowOf(row: Record<string, unknown>): ResolvedPlayer {
  return { ...row, status: 'resolved' } as ResolvedPlayer;
}

async function resolveAsked(
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
