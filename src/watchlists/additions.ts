// Players to add, each resolved to his person (or kept as a pending row) before anything is stored:
// one that cannot be told (unknown, ambiguous, without an id) refuses the whole change.
import type { Source } from '../api/client.js';
import type { ResolvedPlayer } from '../api/schemas.js';
import { queryLabel, rowLabel, strayNote } from '../facts/resolve-labels.js';
import type { ResolveQuery } from '../facts/resolve-match.js';
import { WatchlistRefusal } from './refusal.js';
import type { WatchlistUpstream } from './upstream.js';

export interface Additions {
  /** Each player asked with the row that is his (service_id null: a row not linked to a person yet). */
  resolved: { query: ResolveQuery; row: ResolvedPlayer }[];
  source: Source;
  /** What is said of rows tied to no player asked. */
  strayRows: string | undefined;
}

/**
 * Resolves `wanted` (one resolve-batch, none when every one is cached); refuses, naming every player
 * that cannot be added, when one cannot. `findPlayers` says how current row ids are found.
 */
export async function resolveAdditions(
  upstream: WatchlistUpstream,
  wanted: readonly ResolveQuery[],
  signal: AbortSignal,
  findPlayers: string,
): Promise<Additions> {
  const source: Source = { cached: true, fetched_at: new Date().toISOString() };
  if (wanted.length === 0) return { resolved: [], source, strayRows: undefined };
  const result = await upstream.resolve(wanted, signal);
  const problems: string[] = [];
  const resolved: Additions['resolved'] = [];
  const { rows, stray } = result.data;
  wanted.forEach((query, i) => {
    const row = addable(query, rows[i], findPlayers);
    if (typeof row === 'string') problems.push(row);
    else resolved.push({ query, row });
  });
  if (problems.length > 0) {
    if (stray.length > 0) problems.push(`rows tied to no player asked: ${stray.map(rowLabel).join('; ')}`);
    throw new WatchlistRefusal(`Nothing was changed: ${problems.join('. ')}.`);
  }
  return { resolved, source: result.source, strayRows: strayNote(stray) };
}

/** The row to add for `query`, or what keeps it from being added. */
function addable(
  query: ResolveQuery,
  row: ResolvedPlayer | undefined,
  findPlayers: string,
): ResolvedPlayer | string {
  const asked = queryLabel(query);
  if (!row) {
    return `${asked} has no row in the API's answer: unknown to it, or answered by a row that carries no id or name asked`;
  }
  if (row.status === 'ambiguous') {
    const candidates = (row.candidates ?? [])
      .map((c) => {
        // What a candidate row leaves empty is left out, never shown as "?".
        const facts = [c.club, c.service_id ?? (c.player_id ? `row ${c.player_id}` : null)].filter(Boolean);
        return `${c.name ?? 'a player'}${facts.length > 0 ? ` (${facts.join(', ')})` : ''}`;
      })
      .join('; ');
    return `${asked} matches several players: ${candidates || 'no candidates given'}; add one by its service_id, or give the club`;
  }
  if (row.status === 'resolved' && row.service_id) return row;
  if (row.status === 'unlinked' || (row.status === 'resolved' && row.player_id)) {
    // A row whose service_id could not be read (undefined) is kept by its row id too, and stays so
    // marked: it may be linked, so it is never called "not linked" (unreadServiceIds says so).
    if (row.player_id) return row.service_id === undefined ? row : { ...row, service_id: null };
    return `${asked} has no id in the answer`;
  }
  return `${asked} is unknown to the API (player_ids change every season: ${findPlayers} finds current ones)`;
}

/**
 * What is said of players kept by their row id because the API's answer carried no service_id the server
 * could read: the person may be linked, so the list calls them neither linked nor "not linked".
 */
export function unreadServiceIds({ resolved }: Additions): string | undefined {
  const rows = resolved.filter(({ row }) => row.service_id === undefined && row.player_id);
  if (rows.length === 0) return undefined;
  const named = rows.map(({ row }) => `${row.name ?? 'a player'} (row ${row.player_id})`).join(', ');
  return `${named}: kept by row id; their service_id could not be read in the API's answer (they may be linked), so they are listed as pending until a refresh reads it.`;
}
