// How notes and refusals name what a resolve-batch was asked and what it answered.

import type { ResolvedPlayer } from '../api/schemas.js';
import type { ResolveQuery } from './resolve-match.js';

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
