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
