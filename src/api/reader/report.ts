// What one reading of an upstream answer found beyond the plain shape: fields read under an alias,
// optional values that could not be read, rows left out, fields no row carried, and per row kind how
// often each field was empty beside the upstream's field names nothing read. Parsing is synchronous, so
// the reading in progress is a simple stack; `reading` is its only entry point, and it carries the alias
// set of the client that reads (aliases.ts).
import { type Aliases, DEFAULT_ALIAS_SET } from './aliases.js';
import { isPlainObject, nameOf, toNumber } from './values.js';

export interface ReadReport {
  /** `alias→field` for every field found only under another name. */
  aliases: string[];
  /** Optional fields whose value could not be read (set to null), with how many rows. */
  unreadable: Record<string, number>;
  /** Rows left out because no identity or required field could be read: count and first field. */
  dropped: { count: number; of: number; at: string }[];
  /** Fields of our reading that no row carried (for doctor: what the API does not send). */
  missing: string[];
  /**
   * Per row kind: rows read, how many had each field empty, and the API's own names of the fields no
   * field of ours took (scalar values only, as sent): what the completeness guard names when a column
   * of an answer comes out blank (src/mcp/completeness.ts).
   */
  coverage?: Record<string, Coverage>;
}

export interface Coverage {
  rows: number;
  empty: Record<string, number>;
  unread: string[];
}

/** At most this many unread names kept per row kind: enough to point at the right one. */
const UNREAD_KEPT = 24;

interface KindTally {
  known: readonly string[];
  rows: number;
  empty: number[];
  unread: Set<string>;
}

interface Tally {
  found: Set<string>;
  unreadable: Map<string, number>;
  dropped: Map<string, { count: number; of: number; at: string }>;
  kinds: Map<string, KindTally>;
  aliases: Aliases;
}

const stack: Tally[] = [];

const current = (): Tally | undefined => stack[stack.length - 1];

/** The alias set of the reading in progress (the defaults outside one). */
export function currentAliases(): Aliases {
  return current()?.aliases ?? DEFAULT_ALIAS_SET;
}

/** Runs `parse` with a fresh report, reading fields under `aliases`; nested readings report into their own. */
export function reading<T>(
  parse: () => T,
  aliases: Aliases = DEFAULT_ALIAS_SET,
): { value: T; report: ReadReport } {
  const tally: Tally = {
    found: new Set(),
    unreadable: new Map(),
    dropped: new Map(),
    kinds: new Map(),
    aliases,
  };
  stack.push(tally);
  try {
    const value = parse();
    return { value, report: toReport(tally) };
  } finally {
    stack.pop();
  }
}

export function noteAlias(alias: string, field: string): void {
  current()?.found.add(`${alias}→${field}`);
}

export function noteUnreadable(path: string): void {
  const tally = current();
  if (tally) tally.unreadable.set(path, (tally.unreadable.get(path) ?? 0) + 1);
}

export function noteDropped(list: string, count: number, of: number, at: string): void {
  const tally = current();
  if (!tally || count === 0) return;
  const before = tally.dropped.get(list);
  tally.dropped.set(list, {
    count: (before?.count ?? 0) + count,
    of: (before?.of ?? 0) + of,
    at: before?.at ?? at,
  });
}

/**
 * Notes which of the fields `known` to a row kind this row carries (a value other than null), and the
 * names of its scalar fields that none of ours took.
 */
export function noteFields(
  kind: string,
  known: readonly string[],
  /** The row kind's fields and the objects it lifts (a nested `player`): not unread. */
  isKnown: ReadonlySet<string>,
  row: Record<string, unknown>,
): void {
  const tally = current();
  if (!tally) return;
  let seen = tally.kinds.get(kind);
  if (!seen) {
    seen = { known, rows: 0, empty: known.map(() => 0), unread: new Set() };
    tally.kinds.set(kind, seen);
  }
  seen.rows++;
  for (let i = 0; i < known.length; i++) if (row[known[i] as string] == null) (seen.empty[i] as number)++;
  if (seen.unread.size >= UNREAD_KEPT) return;
  for (const key in row) {
    if (isKnown.has(key)) continue;
    if (isValue(row[key])) seen.unread.add(key);
  }
}

/** A value a field could hold: a text, number or flag, or an object standing for one (`{name}`, `{value}`). */
function isValue(value: unknown): boolean {
  if (typeof value === 'string') return value.trim() !== '';
  if (typeof value === 'number' || typeof value === 'boolean') return true;
  return isPlainObject(value) && (nameOf(value) !== undefined || typeof toNumber(value) === 'number');
}

function toReport(tally: Tally): ReadReport {
  const missing: string[] = [];
  const coverage: Record<string, Coverage> = {};
  for (const [kind, seen] of tally.kinds) {
    const empty: Record<string, number> = {};
    seen.known.forEach((field, i) => {
      const count = seen.empty[i] as number;
      if (count === seen.rows) missing.push(kind ? `${kind}.${field}` : field);
      if (count > 0) empty[field] = count;
    });
    coverage[kind] = { rows: seen.rows, empty, unread: [...seen.unread] };
  }
  return {
    aliases: [...tally.found].sort(),
    unreadable: Object.fromEntries(tally.unreadable),
    dropped: [...tally.dropped.entries()].map(([list, d]) => ({ ...d, at: d.at || list })),
    missing: missing.sort(),
    ...(tally.kinds.size > 0 ? { coverage } : {}),
  };
}

/** The notes a tool result should carry about a reading: what was left out or could not be read. */
export function readNotes(report: ReadReport): string[] {
  const notes = report.dropped.map(
    (d) => `${d.count} of ${d.of} rows left out: the API's answer had no readable ${d.at}.`,
  );
  const unreadable = Object.entries(report.unreadable);
  if (unreadable.length > 0) {
    const fields = unreadable.map(([path, n]) => `${path} (${n})`).join(', ');
    notes.push(`Some values in the API's answer could not be read and are shown empty: ${fields}.`);
  }
  return notes;
}
