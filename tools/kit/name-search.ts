// A list searched by name and league (teams, coaches): the league read by its hint when the API refuses
// the name asked, the rows cut to the caller's limit, and a list none of whose rows could be read
// answered as that, never as none.
import type { ApiClient } from '../../src/api/client.js';
import type { ListRead } from '../../src/api/list-pages.js';
import { withLeagueHint } from '../../src/facts/league-hint.js';
import type { Outcome } from '../../src/mcp/result.js';
import { cut } from './pages.js';
import { readOrNoRows } from './rows-lacking.js';

/** A list read whose answer may say its total beside the rows (`meta.total`). */
type SearchRead<R> = ListRead<{ data: R[]; meta?: { total?: number | null | undefined } | null | undefined }>;

/**
 * The rows `ask` reads for `league`, each made a tool row by `toRow`, at most `limit` (of `max`), with
 * whether more exist; `what` names the rows ("teams") in the note of a list none of whose rows could be read.
 * `seasonal`: the rows carry a season, which that note and the answer's first line then name unread.
 */
export async function searchByName<R, Row>(
  api: ApiClient,
  what: string,
  {
    league,
    limit,
    max,
    signal,
    seasonal = false,
  }: {
    league: string | undefined;
    limit: number;
    max: number;
    signal: AbortSignal | undefined;
    seasonal?: boolean;
  },
  ask: (league: string | undefined) => Promise<SearchRead<R>>,
  toRow: (row: R) => Row,
): Promise<Outcome<Row[], { has_more: boolean }>> {
  const got = await readOrNoRows(
    api,
    what,
    () => withLeagueHint(api, league, signal, ask),
    seasonal ? { untold: 'their season' } : {},
  );
  if (got.none) return seasonal ? { ...got.none, seasonUnread: true } : got.none;
  const result = got.read;
  const { rows, has_more, notes } = cut(result.data.data, limit, max, {
    ...result,
    total: result.total ?? result.data.meta?.total ?? undefined,
  });
  return { ...result, data: rows.map(toRow), extra: { has_more }, notes };
}
