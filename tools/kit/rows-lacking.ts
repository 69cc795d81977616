// A list whose every row lacks the field that names it (a league's name under a name nothing reads, no
// value learned it yet): the answer shows no row, and says why in one note, never "none".
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
