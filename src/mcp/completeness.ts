// The completeness guard: never a silent blank column. When a column of a tool's table comes out empty
// on every row (or on most: 80% of 3 rows or more) while the API's rows carried fields nothing read,
// the answer says which field, that the API seems to name it otherwise (the unread names it carried)
// and how to fix it. One mechanism for every tool: `table()` (tools/kit/text.ts) reports its blank
// columns while a tool's text is drawn, and the read reports of the run (reader/report.ts coverage)
// tell which field a column shows and what the API sent beside it.
import type { ReadReport } from '../api/reader/report.js';

export interface BlankColumn {
  header: string;
  /** The properties the column's cell reads, in order (the field is among them). */
  reads: string[];
  blank: number;
  rows: number;
}

const MOSTLY = 0.8;
const MOSTLY_FROM_ROWS = 3;
const CANDIDATES_SHOWN = 5;

let collecting: BlankColumn[] | undefined;

/** Draws a tool's text, collecting the columns its tables left blank. Drawing is synchronous. */
export function collectBlankColumns<T>(draw: () => T): { value: T; blank: BlankColumn[] } {
  const previous = collecting;
  const blank: BlankColumn[] = [];
  collecting = blank;
  try {
    return { value: draw(), blank };
  } finally {
    collecting = previous;
  }
}

const isBlank = (blank: number, rows: number) =>
  rows > 0 && (blank === rows || (rows >= MOSTLY_FROM_ROWS && blank / rows >= MOSTLY));

/** A table reports each column: its header, its cell, and how many of its cells came out empty. */
export function noteColumn<T>(header: string, cell: (row: T) => unknown, blank: number, rows: number): void {
  if (!collecting || !isBlank(blank, rows)) return;
  collecting.push({ header, reads: propertiesReadBy(cell), blank, rows });
}

/**
 * The properties a cell reads of its row, found by giving it a row that records what is asked of it:
 * `(p) => formatEuros(p.market_value_eur)` reads `market_value_eur`, `({fit}) => fit.club` reads
 * `fit` then `club`. Whatever the cell then does with what it got may throw: only the reads count.
 */
function propertiesReadBy<T>(cell: (row: T) => unknown): string[] {
  const reads: string[] = [];
  const recorder: unknown = new Proxy(() => undefined, {
    get(_target, property) {
      if (typeof property !== 'string') return undefined;
      if (property === 'valueOf' || property === 'toString') return () => '';
      reads.push(property);
      return recorder;
    },
    apply: () => recorder,
  });
  try {
    cell(recorder as T);
  } catch {
    // The reads so far are what counts.
  }
  return reads;
}

/** Whether a name is an identifier's (`team_id`, `teamId`, `id`). */
function isId(name: string): boolean {
  return /(^|_)id$/i.test(name.replace(/([a-z0-9])([A-Z])/g, '$1_$2'));
}

/**
 * Unread names most like the field first (a shared word), ids last unless an id is missing. An id is
 * never offered for another id: ids name different things (a blank service_id is an unlinked row, and
 * a team_id mapped onto it would corrupt every stored key).
 */
function candidates(field: string, unread: Iterable<string>): string[] {
  if (isId(field)) unread = [...unread].filter((name) => !isId(name));
  const words = new Set(field.split('_'));
  const score = (name: string) => {
    const folded = name
      .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
      .toLowerCase()
      .split(/[^a-z0-9]+/);
    const shared = folded.some((w) => words.has(w)) ? 0 : 1;
    const id = /(^|_)id$/.test(folded.join('_')) && !field.endsWith('_id') ? 2 : 0;
    return shared + id;
  };
  return [...new Set(unread)].sort((a, b) => score(a) - score(b)).slice(0, CANDIDATES_SHOWN);
}

/** The notes for the blank columns of a tool's text, given the read reports of its run. */
export function completenessNotes(blank: readonly BlankColumn[], reports: readonly ReadReport[]): string[] {
  const notes: string[] = [];
  const said = new Set<string>();
  for (const column of blank) {
    for (const field of [...column.reads].reverse()) {
      const unread = new Set<string>();
      let known = false;
      for (const report of reports) {
        for (const coverage of Object.values(report.coverage ?? {})) {
          if (!coverage.empty[field]) continue;
          known = true;
          for (const name of coverage.unread) unread.add(name);
        }
      }
      if (!known) continue;
      if (unread.size > 0 && !said.has(field)) {
        said.add(field);
        const names = candidates(field, unread);
        notes.push(
          `The column "${column.header}" is empty on ${column.blank} of ${column.rows} rows, yet the API's rows carry fields this server does not read (${names.join(', ')}): the API seems to name "${field}" otherwise. ` +
            `Run \`football-scout-mcp doctor\` to see what each route sends, then add the API's name under "fields" in the routes file (FOOTBALL_API_ROUTES_FILE), e.g. {"fields": {"${field}": ["${names[0]}"]}}; see docs/real-api.md.`,
        );
      }
      break;
    }
  }
  return notes;
}
