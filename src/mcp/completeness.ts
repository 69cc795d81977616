// The completeness guard: never a silent blank column. When a column of a tool's table comes out empty
// on every row (or on most: 80% of 3 rows or more) while the API's rows carried fields nothing read,
// the answer says which field, that the API seems to name it otherwise (the unread names it carried)
// and how to fix it. One mechanism for every tool: `table()` (tools/kit/text.ts) reports its blank
// columns while a tool's text is drawn, and the read reports of the run (reader/report.ts coverage)
// tell which field a column shows and what the API sent beside it.
import type { ReadReport } from '../api/reader/report.js';
import { type UnreadWhy, unreadMarks } from '../api/reader/unread.js';

export interface BlankColumn {
  header: string;
  /** The properties the column's cell reads, in order (the field is among them). */
  reads: string[];
  blank: number;
  rows: number;
}

/** A field a tool's text would have shown and left out because it is unread (src/api/reader/unread.ts). */
export interface UnreadShown {
  field: string;
  why: UnreadWhy;
  /** For a field not found: the API's names that could hold it. */
  names: readonly string[];
  /** A fact the text shows was made without it (a week keyed by the fetch time): named first in the note. */
  first?: boolean;
}

const MOSTLY = 0.8;
const MOSTLY_FROM_ROWS = 3;
const CANDIDATES_SHOWN = 2;
/** The one note on unread fields stays this short (the brief of every answer). */
const NOTE_LIMIT = 300;

interface Drawing {
  blank: BlankColumn[];
  unread: UnreadShown[];
  /** The run's readings: whether a field the text shows was unread there, when its row is a copy. */
  reports: readonly ReadReport[];
  /** What the run's readings say of a field (unreadInRun), asked once per field. */
  inRun: Map<string, UnreadShown | undefined>;
}

let collecting: Drawing | undefined;

/** Draws a tool's text, collecting the columns its tables left blank and the unread fields it left out. */
export function collectBlankColumns<T>(
  draw: () => T,
  reports: readonly ReadReport[] = [],
): { value: T; blank: BlankColumn[]; unread: UnreadShown[] } {
  const previous = collecting;
  const drawing: Drawing = { blank: [], unread: [], reports, inRun: new Map() };
  collecting = drawing;
  try {
    return { value: draw(), blank: drawing.blank, unread: drawing.unread };
  } finally {
    collecting = previous;
  }
}

const isBlank = (blank: number, rows: number) =>
  rows > 0 && (blank === rows || (rows >= MOSTLY_FROM_ROWS && blank / rows >= MOSTLY));

/** A table reports each column: its header, its cell, and how many of its cells came out empty. */
export function noteColumn<T>(header: string, cell: (row: T) => unknown, blank: number, rows: number): void {
  if (!collecting || !isBlank(blank, rows)) return;
  collecting.blank.push({ header, reads: propertiesReadBy(cell), blank, rows });
}

/**
 * Whether `field` of `row`, found empty, is unread: the reader marked it on the row (src/api/reader/
 * unread.ts), or, for a row the tool made from what it read, a reading of the run could not read a value
 * of that field or found rows lacking it beside names that could hold it. If so the text leaves it out,
 * and the answer's one note names it. Absent fields are not unread.
 */
export function unreadShown(row: unknown, field: string): boolean {
  const marks = unreadMarks(row);
  // A row's marks name what its reading found unread; a field they do not name may still be unread by the
  // run's readings (a row the tool made, marked for other fields): never shown as absent then, unless
  // the row was judged whole.
  const found =
    marks && Object.hasOwn(marks.fields, field)
      ? { field, why: marks.fields[field] as UnreadWhy, names: marks.names[field] ?? [] }
      : marks?.whole
        ? undefined
        : unreadInRun(field);
  if (!found) return false;
  collecting?.unread.push(found);
  return true;
}

/** Levels of an answer's data looked into for blank fields: a row's parts and their items. */
const LEAVES_DEPTH = 6;

/**
 * Every blank field of an answer's structured data (`data`, `extra`) that is unread, whether or not the
 * text shows it (a similar row's index, a market value's date): the structured layer shows a blank as
 * null too, so the answer's one note must name it as well. Asks `unreadShown` for each one, as the text does.
 */
export function noteUnreadLeaves(data: unknown): void {
  if (!collecting) return;
  // Rows the tool made from what it read (no marks) are judged by field across the run: once per field.
  const byField = new Map<string, boolean>();
  const visit = (value: unknown, depth: number) => {
    if (depth > LEAVES_DEPTH || typeof value !== 'object' || value === null) return;
    if (Array.isArray(value)) {
      for (const item of value) visit(item, depth + 1);
      return;
    }
    const marks = unreadMarks(value);
    for (const field in value) {
      if (!Object.hasOwn(value, field)) continue;
      const inner: unknown = (value as Record<string, unknown>)[field];
      if (!isBlankLeaf(inner)) {
        // Only objects hold leaves: a text or a number is visited no further.
        if (typeof inner === 'object') visit(inner, depth + 1);
        continue;
      }
      if (marks) {
        unreadShown(value, field);
        continue;
      }
      if (byField.has(field)) continue;
      byField.set(field, unreadShown(value, field));
    }
  };
  visit(data, 0);
}

const isBlankLeaf = (value: unknown) =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

function unreadInRun(field: string): UnreadShown | undefined {
  const known = collecting?.inRun;
  if (known?.has(field)) return known.get(field);
  const found = unreadInReports(field);
  known?.set(field, found);
  return found;
}

function unreadInReports(field: string): UnreadShown | undefined {
  for (const report of collecting?.reports ?? []) {
    for (const path of Object.keys(report.unreadable)) {
      if (!path.endsWith(`.${field}`)) continue;
      // A field every row carries, lacking: not found (under names that could hold it), no value misread.
      if (!ALWAYS_SENT.has(field)) return { field, why: 'value', names: [] };
      const fits = Object.values(report.coverage ?? {}).flatMap((c) => c.fits?.[field] ?? []);
      return { field, why: 'name', names: fits };
    }
    for (const coverage of Object.values(report.coverage ?? {})) {
      const names = coverage.fits?.[field];
      if (names && names.length > 0) return { field, why: 'name', names };
    }
  }
  return undefined;
}

/**
 * An unread field of `row` that a fact the text shows was made without (a data week keyed by the fetch
 * time for want of the API's date): the note names it first, so it is never among the fields cut to fit.
 */
export function unreadBehindFact(row: unknown, field: string): void {
  const marks = unreadMarks(row);
  const why = marks?.fields[field] ?? 'name';
  collecting?.unread.push({ field, why, names: marks?.names[field] ?? [], first: true });
}

const cellReads = new WeakMap<(row: never) => unknown, string[]>();

/** Whether a blank table cell shows an unread field of its row (the last property the cell reads). */
export function unreadCell<T>(row: T, cell: (row: T) => unknown): boolean {
  if (typeof row !== 'object' || row === null) return false;
  let reads = cellReads.get(cell);
  if (!reads) {
    reads = propertiesReadBy(cell);
    cellReads.set(cell, reads);
  }
  let owner: unknown = row;
  for (const property of reads.slice(0, -1)) {
    const next = (owner as Record<string, unknown>)[property];
    if (typeof next !== 'object' || next === null) break;
    owner = next;
  }
  const field = reads[reads.length - 1];
  return field !== undefined && unreadShown(owner, field);
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

interface Unread {
  /** Where the text shows it: a column's header and how many of its rows are blank. */
  column?: string;
  names: Set<string>;
  /** Values the API sent that could not be read. */
  values: number;
  /** Rows that carried no such field at all though the spec says they do (a player's service_id). */
  lacking: number;
}

/** Fields every row of theirs carries by the spec: lacking, the reader counts them unreadable (schemas.ts). */
const ALWAYS_SENT = new Set(['service_id']);

/** The field of a blank column that the run's readings left empty, and the API's names that could hold it. */
function blankField(
  column: BlankColumn,
  reports: readonly ReadReport[],
): { field: string; names: string[] } | undefined {
  for (const field of [...column.reads].reverse()) {
    const names = new Set<string>();
    let known = false;
    for (const report of reports) {
      for (const coverage of Object.values(report.coverage ?? {})) {
        if (!coverage.empty[field]) continue;
        known = true;
        // Only names whose values could fill the field, where the reading knew its reader.
        for (const name of coverage.fits?.[field] ?? coverage.unread) names.add(name);
      }
    }
    if (known) return { field, names: [...names] };
  }
  return undefined;
}

/** What an answer could not read: its one note, and every field the note names or counts. */
export interface Completeness {
  notes: string[];
  /** Every unread field, in the note's order: the note counts those past its NOTE_LIMIT, this names them. */
  unread: string[];
}

/**
 * The answer's one note on unread fields (none when every field shown was read or absent): the fields a
 * table left blank while the API's rows carried names that could hold them, the fields the text left out
 * as unread, and the values the API sent that could not be read; the fix said once. At most NOTE_LIMIT
 * characters: past it, the fields left are counted, and `unread` names every one.
 */
export function completeness(
  blank: readonly BlankColumn[],
  reports: readonly ReadReport[],
  shown: readonly UnreadShown[] = [],
): Completeness {
  const fields = unreadFields(blank, reports, shown);
  if (fields.size === 0) return { notes: [], unread: [] };
  return { notes: [unreadNote(fields)], unread: [...fields.keys()] };
}

/** The answer's one note on unread fields (completeness, its note only). */
export function completenessNotes(
  blank: readonly BlankColumn[],
  reports: readonly ReadReport[],
  shown: readonly UnreadShown[] = [],
): string[] {
  return completeness(blank, reports, shown).notes;
}

function unreadFields(
  blank: readonly BlankColumn[],
  reports: readonly ReadReport[],
  shown: readonly UnreadShown[],
): Map<string, Unread> {
  const fields = new Map<string, Unread>();
  const entry = (field: string) => {
    let found = fields.get(field);
    if (!found) {
      found = { names: new Set(), values: 0, lacking: 0 };
      fields.set(field, found);
    }
    return found;
  };
  const ordered = [...shown.filter((item) => item.first), ...shown.filter((item) => !item.first)];
  for (const item of ordered.filter((i) => i.first)) entry(item.field);
  for (const column of blank) {
    const found = blankField(column, reports);
    if (!found || found.names.length === 0) continue;
    const item = entry(found.field);
    if (column.header !== found.field) item.column ??= `column "${column.header}"`;
    for (const name of candidates(found.field, found.names)) item.names.add(name);
  }
  for (const item of ordered) {
    const found = entry(item.field);
    for (const name of candidates(item.field, item.names)) found.names.add(name);
    if (item.why === 'value') found.values = Math.max(found.values, 1);
  }
  for (const report of reports) {
    for (const [path, count] of Object.entries(report.unreadable)) {
      const field = path.slice(path.indexOf('.') + 1);
      if (ALWAYS_SENT.has(field)) entry(field).lacking += count;
      else entry(field).values += count;
    }
  }
  return fields;
}

/** Where the fields a note counts are named (the answer's structured `unread`: completeness). */
const EVERY_ONE = ' (listed in "unread")';

/** At most this many of the API's names are offered for the fields not found. */
const NAMES_OFFERED = 3;

/**
 * "Could not read: "team", "league" (column "club"): not found, the API may name them mannschaft or liga;
 * "age": 2 values not understood. Fix: …" — fields first, so every one is named within NOTE_LIMIT.
 */
function unreadNote(fields: ReadonlyMap<string, Unread>): string {
  const byName = [...fields].filter(([, item]) => item.names.size > 0);
  const lacking = [...fields].filter(([, item]) => item.lacking > 0 && item.names.size === 0);
  const byValue = [...fields].filter(
    ([, item]) => (item.names.size === 0 && item.lacking === 0) || item.values > 0,
  );
  // Shorter when the full form would not name every field: the fix and the names offered first (1), then
  // no columns (2), then the fix in a word and one name offered (3), then bare field names (4), then no
  // API names offered (5): every field named comes before any name offered for it.
  let compact = 0;
  const label = ([field, item]: [string, Unread]) => {
    if (compact > 3) return field;
    return compact > 1 || !item.column ? `"${field}"` : `"${field}" (${item.column})`;
  };
  // One name per field first, so each field's likeliest name is offered before a second of another's.
  const names = [
    ...new Set([
      ...byName.map(([, item]) => [...item.names][0] as string),
      ...byName.flatMap(([, item]) => [...item.names]),
    ]),
  ];
  const offered = () => {
    const count = compact > 2 ? 1 : compact > 0 ? NAMES_OFFERED - 1 : NAMES_OFFERED;
    return `${names.slice(0, count).join(', ')}${names.length > count ? '…' : ''}`;
  };
  // The example names the field, not the API's name: which name holds which field is the reader's to
  // check (`doctor` shows the values), and a wrong pairing offered as the fix would be a guess.
  const example = `{"fields": {"${byName[0]?.[0] ?? lacking[0]?.[0] ?? 'field'}": ["<API name>"]}}`;
  const fix = () => {
    if (byName.length === 0 && lacking.length === 0) return ' The value forms read are in docs/real-api.md.';
    if (compact > 2) return ' Fix: "fields" in the routes file.';
    return compact
      ? ` Fix: ${example} in the routes file; see \`football-scout-mcp doctor\`.`
      : ` Fix: ${example} in the routes file (FOOTBALL_API_ROUTES_FILE); see \`football-scout-mcp doctor\`.`;
  };
  const text = (nameCount: number, valueCount: number) => {
    const parts: string[] = [];
    // Never "not linked" nor "values not understood": the API sent no such field under a name read.
    for (const [field, item] of lacking)
      parts.push(
        `"${field}" on ${item.lacking} row${item.lacking === 1 ? '' : 's'} (every player row carries one: the API names it otherwise; the rows are named by their player_id meanwhile)`,
      );
    if (nameCount > 0) {
      const more = byName.length - nameCount;
      const seen = compact > 4 ? '' : ` (API names seen: ${offered()})`;
      parts.push(
        `${byName.slice(0, nameCount).map(label).join(', ')}${more > 0 ? ` and ${more} more${EVERY_ONE}` : ''} not found${seen}`,
      );
    }
    if (valueCount > 0) {
      const more = byValue.length - valueCount;
      const values = byValue.reduce((n, [, item]) => n + item.values, 0);
      parts.push(
        `${byValue.slice(0, valueCount).map(label).join(', ')}${more > 0 ? ` and ${more} more${EVERY_ONE}` : ''}${values > 0 ? `: ${values} value${values === 1 ? '' : 's'} not understood` : ''}`,
      );
    }
    return `Could not read: ${parts.join('; ')}.${fix()}`;
  };
  const fitting = () => {
    let [nameCount, valueCount] = [byName.length, byValue.length];
    while (text(nameCount, valueCount).length > NOTE_LIMIT && (nameCount > 1 || valueCount > 1)) {
      if (nameCount >= valueCount && nameCount > 1) nameCount--;
      else valueCount--;
    }
    return [nameCount, valueCount] as const;
  };
  let [nameCount, valueCount] = fitting();
  // Shorter forms only while they name fields the longer one had to count.
  while (compact < 5 && nameCount + valueCount < byName.length + byValue.length) {
    compact++;
    [nameCount, valueCount] = fitting();
  }
  return text(nameCount, valueCount);
}
