// A list whose every row lacks the field that names it (a league's name under a name nothing reads, no
// value learned it yet): the answer shows no row, and says why in one note, never "none".
import type { ApiClient } from '../../src/api/client.js';
import { BadResponseError, type RowsLacking } from '../../src/api/errors.js';

/** The reason no row of a list could be read, when that is why `error` was thrown. */
function rowsLacking(error: unknown): RowsLacking | undefined {
  return error instanceof BadResponseError ? error.lacking : undefined;
}

/** The answer of a list none of whose rows could be read. */
export type NoRowsRead = Awaited<ReturnType<typeof noRowsRead>>;

/**
 * What `read` reads, or, when it failed because no row of the list could be read, the answer that says
 * so (`none`, see `noRowsRead`); any other failure is thrown.
 */
export async function readOrNoRows<T>(
  api: ApiClient,
  what: string,
  read: () => Promise<T>,
  options: NoRowsOptions = {},
): Promise<{ read: T; none?: undefined } | { read?: undefined; none: NoRowsRead }> {
  try {
    return { read: await read() };
  } catch (error) {
    const lacking = rowsLacking(error);
    if (!lacking) throw error;
    return { none: await noRowsRead(api, lacking, what, options) };
  }
}

/** The names shown of those seen: enough to point at the right one, the note kept short. */
const NAMES_SHOWN = 5;

/** "None of the 161 leagues could be read: each lacks its name …": `what` names the rows, `shown` what is left blank. */
function rowsLackingNote({ field, rows, seen }: RowsLacking, what: string, shown: string): string {
  const [, own = field] = field.split('.');
  const names = seen.slice(0, NAMES_SHOWN).join(', ');
  return (
    `None of the ${rows} ${what} could be read: each lacks its ${own.replaceAll('_', ' ')}${names ? ` (API names seen: ${names})` : ''}, so ${shown}. ` +
    `Fix: {"fields": {"${own}": ["<API name>"]}} in the routes file (FOOTBALL_API_ROUTES_FILE).`
  );
}

interface NoRowsOptions {
  /** The list's answer counts its rows: no count is known either. */
  total?: boolean;
  /** What else the answer cannot tell without rows ("what the query matched"): said, never left blank. */
  untold?: string;
}

/** The answer of a list none of whose rows could be read: no row, more may exist, the reason said. */
async function noRowsRead(
  api: ApiClient,
  lacking: RowsLacking,
  what: string,
  { total = false, untold }: NoRowsOptions,
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
    notes: [
      rowsLackingNote(
        lacking,
        what,
        `no ${singular(what)} is shown${untold ? `, ${untold} cannot be told` : ''}${total ? ' and no total is known' : ''}`,
      ),
    ],
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
