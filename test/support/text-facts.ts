// Test support: the text layer's side of the generated-styles property. A table cell the plain answer
// fills must not come out as a placeholder ("–", "?", "none") on the styled one: a placeholder says the
// API sent nothing, and the styled API sent the same facts. An unread field is left blank and named in
// the note (tools/kit/shown.ts), never printed as absent. Nor may a cell print a number the plain one
// does not: the same facts print the same numbers.
import type { Finding } from './facts.js';
import { named } from './facts.js';

interface TextTable {
  headers: string[];
  rows: string[][];
}

/** Words that print a value as missing. */
const PLACEHOLDERS = new Set(['–', '-', '?', 'none', 'null', '(null)', 'n/a', 'unnamed']);

/** The markdown tables of a text: a header line, a rule line, then body lines, each `| a | b |`. */
export function tablesOf(text: string): TextTable[] {
  const tables: TextTable[] = [];
  const lines = text.split('\n');
  for (let i = 0; i + 1 < lines.length; i++) {
    if (!isRow(lines[i] as string) || !/^\|(-+\|)+$/.test(lines[i + 1] as string)) continue;
    const headers = cellsOf(lines[i] as string);
    const rows: string[][] = [];
    let j = i + 2;
    for (; j < lines.length && isRow(lines[j] as string); j++) rows.push(cellsOf(lines[j] as string));
    tables.push({ headers, rows });
    i = j - 1;
  }
  return tables;
}

const isRow = (line: string) => line.startsWith('|') && line.endsWith('|');
const cellsOf = (line: string) =>
  line
    .slice(1, -1)
    .split('|')
    .map((c) => c.trim());

/** Columns of what a call costs or when it ran (the day a player was added): no facts of the API's data. */
const NOT_FACT_COLUMNS = /cost|refresh|request|^added$/;

/**
 * The numbers a cell prints, thousands separators dropped ("1,069" is 1069; "0,26" is two numbers, the
 * API's display form left unparsed); digits inside an id ("t0q01cit") are none.
 */
const numbersOf = (cell: string) =>
  cell.replace(/(\d)[\u202f\u00a0'\u2019,](?=\d{3}\b)/g, '$1').match(/(?<![\w.])-?\d+(?:\.\d+)?/g) ?? [];

/** How many placeholder words a cell holds ("– (Ligue 1)" holds one). */
const placeholders = (cell: string) =>
  cell.split(/[\s,;()]+/).filter((word) => PLACEHOLDERS.has(word.toLowerCase())).length;

/** The table of `tables` sharing the most headers with `table` (two at least). */
function tiedTable(table: TextTable, tables: readonly TextTable[]): TextTable | undefined {
  let best: TextTable | undefined;
  let shared = 1;
  for (const other of tables) {
    const count = other.headers.filter((h) => h !== '' && table.headers.includes(h)).length;
    if (count > shared) [best, shared] = [other, count];
  }
  return best;
}

/** Rows keyed by their first cell, those whose first cell is unique only. */
function rowsByKey(table: TextTable): Map<string, string[]> {
  const counts = new Map<string, number>();
  for (const row of table.rows) counts.set(row[0] ?? '', (counts.get(row[0] ?? '') ?? 0) + 1);
  return new Map(
    table.rows.filter((row) => counts.get(row[0] ?? '') === 1).map((row) => [row[0] ?? '', row]),
  );
}

/**
 * Each cell of the styled text's tables that holds more placeholders than the plain text's cell of the
 * same row (by its first cell) and column (by its header): a `placeholder` finding, `noted` when the notes
 * name its field (the column's header, or the row's first cell in a table of one field a row); one that
 * prints a number the plain cell does not (a cost column aside): a `wrong` finding.
 */
export function placeholderFindings(
  tool: string,
  plainText: string,
  styledText: string,
  notes: readonly string[],
): Finding[] {
  const plainTables = tablesOf(plainText);
  const findings: Finding[] = [];
  for (const styled of tablesOf(styledText)) {
    const plain = tiedTable(styled, plainTables);
    if (!plain) continue;
    // A table whose first header is blank shows one field a row (a comparison), else one a column.
    const fieldByRow = styled.headers[0] === '';
    const plainRows = rowsByKey(plain);
    for (const [key, row] of rowsByKey(styled)) {
      const plainRow = plainRows.get(key);
      if (!plainRow) continue;
      styled.headers.forEach((header, c) => {
        const p = plain.headers.indexOf(header);
        if (c === 0 || p < 0) return;
        const [was, now] = [plainRow[p] ?? '', row[c] ?? ''];
        // A number the plain cell does not print (a value the API did not send, a rank off by one).
        const known = new Set(numbersOf(was));
        if (!NOT_FACT_COLUMNS.test(header) && numbersOf(now).some((n) => !known.has(n))) {
          findings.push({ kind: 'wrong', path: `${tool} text [${key}].${header}`, plain: was, styled: now });
          return;
        }
        if (was === '' || placeholders(now) <= placeholders(was)) return;
        const field = fieldByRow ? key : header;
        findings.push({
          kind: 'placeholder',
          path: `${tool} text [${key}].${header}`,
          plain: was,
          styled: now,
          noted: isNamed(notes, field),
        });
      });
    }
  }
  return findings;
}

/** Whether the notes name a field shown under `label` ("best role"; "primary role, rank, score": any part). */
function isNamed(notes: readonly string[], label: string): boolean {
  return label
    .toLowerCase()
    .split(',')
    .some((part) => named(notes, part.trim().replace(/\s+/g, '_')));
}

/**
 * Lines of a text that say what the call cost, when it ran, or what could not be read (notes): their numbers
 * are no facts of the API's data (a styled read may cost more, or read a list short and say so).
 */
const NOT_FACT_LINES = /^(note:|— |requests:|refresh|daily quota|from the stored snapshot)/i;
/**
 * A line that counts what a read short took (of the rows read, "more may exist", "100 more not checked") or
 * what it left out: its numbers are the read's, the plain read's differ, and it says so.
 */
const READ_IN_PART = /more (may )?exist|not checked|\d+ read\b|left out/i;
/**
 * A line printing numbers under the API's own names, said so ("Not placed as statistics, under the API's names:
 * mekeik 10"): what the API sent, as it sent it, which the plain answer had no name to show by.
 */
const API_WORDS = /under the API's names|as the API (names|wrote)/i;
/** Times of day and timestamps: when an answer was fetched, not what it says. */
const TIMES = /\d{4}-\d\d-\d\dT[\d:.]+Z|\b\d\d:\d\d( UTC)?/g;

/** The prose lines of a text: neither a table's nor one of NOT_FACT_LINES, a trailing note cut off. */
function proseOf(text: string): string[] {
  return text
    .split('\n')
    .filter(
      (line) =>
        !isRow(line) &&
        !NOT_FACT_LINES.test(line.trim()) &&
        !READ_IN_PART.test(line) &&
        !API_WORDS.test(line),
    )
    .map((line) => line.replace(/\bNote: .*$/, '').replace(TIMES, ''));
}

/**
 * Each number a prose line of the styled text prints (outside its tables, its notes and what it cost) that
 * the plain text prints nowhere: a `wrong` finding. The tables' cells are held to their own cell
 * (placeholderFindings); a line of prose ("4 played, 2 won", "rating 65.2, squad 24", "306 players. x =
 * … mean 0.16") states facts just as well, and the same facts print the same numbers.
 */
export function proseFindings(tool: string, plainText: string, styledText: string): Finding[] {
  const known = new Set(tablesAndProse(plainText));
  const findings: Finding[] = [];
  for (const line of proseOf(styledText)) {
    const unknown = numbersOf(line).filter((n) => !known.has(n));
    if (unknown.length > 0)
      findings.push({
        kind: 'wrong',
        path: `${tool} text: ${line.slice(0, 80)}`,
        plain: 'no such number',
        styled: unknown,
      });
  }
  return findings;
}

/** Every number a text prints, its times of day aside. */
const tablesAndProse = (text: string) => numbersOf(text.replace(TIMES, ''));

/**
 * Words of a text saying a list was not shown or read whole, or that rows or what they match could not be
 * read or told (a list of unreadable rows is no list called complete either).
 */
const SAYS_MORE =
  /more (may )?exist|not every|raise \w*(limit|budget)|read short|\bof \d+ rows\b|could not|cannot be told|not known|unread|left (unchecked|out)|not (shown|checked)|may (go on|match)|none of the|no total/i;

/**
 * An answer whose structured content says more rows exist (`has_more: true`) while its text says nothing of
 * it: the text, which is what a reader sees, calls the list complete. A `wrong` finding.
 */
export function completenessFindings(tool: string, styled: unknown, styledText: string): Finding[] {
  const more =
    typeof styled === 'object' && styled !== null && (styled as { has_more?: unknown }).has_more === true;
  if (!more || SAYS_MORE.test(styledText)) return [];
  return [{ kind: 'wrong', path: `${tool} text (has_more)`, plain: 'more rows said', styled: 'none said' }];
}
