// A list whose every row lacks the field that names it (a league's name under a name nothing reads, no
// value learned it yet): the answer shows no row, and says why in one note, never "none".
import type { ApiClient } from '../../src/api/client.js';
import { BadResponseError, type RowsLacking } from '../../src/api/errors.js';

/** The reason no row of a list could be read, when that is why `error` was thrown. */
export function rowsLacking(error: unknown): RowsLacking | undefined {
  return error instanceof BadResponseError ? error.lacking : undefined;
}

/** The names shown of those seen: enough to point at the right one, the note kept short. */
const NAMES_SHOWN = 5;

/** "None of the 161 leagues could be read: each lacks its name …": `what` names the rows, `shown` what is left blank. */
export function rowsLackingNote({ field, rows, seen }: RowsLacking, what: string, shown: string): string {
  const [, own = field] = field.split('.');
  const names = seen.slice(0, NAMES_SHOWN).join(', ');
  return (
    `None of the ${rows} ${what} could be read: each lacks its ${own.replaceAll('_', ' ')}${names ? ` (API names seen: ${names})` : ''}, so ${shown}. ` +
    `Fix: {"fields": {"${own}": ["<API name>"]}} in the routes file (FOOTBALL_API_ROUTES_FILE).`
  );
}

/** The answer of a search none of whose rows could be read: no row, more may exist, the reason said. */
export async function noRowsRead(
  api: ApiClient,
  lacking: RowsLacking,
  what: string,
): Promise<{
  data: never[];
  extra: { has_more: true };
  notes: string[];
  quota: Awaited<ReturnType<ApiClient['quota']['reported']>>;
  source: { cached: false; fetched_at: string };
}> {
  return {
    data: [],
    extra: { has_more: true },
    notes: [rowsLackingNote(lacking, what, `no ${singular(what)} is shown`)],
    quota: await api.quota.reported(),
    source: { cached: false, fetched_at: new Date().toISOString() },
  };
}

/** "teams" → "team", "coaches" → "coach", "glossary entries" → "glossary entry". */
function singular(what: string): string {
  if (what.endsWith('ies')) return `${what.slice(0, -3)}y`;
  if (/(ch|sh|x)es$/.test(what)) return what.slice(0, -2);
  return what.replace(/s$/, '');
}
