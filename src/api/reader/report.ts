// What one reading of an upstream answer found beyond the plain shape: fields read under an alias,
// optional values that could not be read, rows left out, fields no row carried, and per row kind how
// often each field was empty beside the upstream's field names nothing read. Parsing is synchronous, so
// the reading in progress is a simple stack; `reading` is its only entry point, and it carries the alias
// set of the client that reads (aliases.ts).
import { type Aliases, DEFAULT_ALIAS_SET } from './aliases.js';
import { quotedWords, wordsNote } from './api-words.js';
import type { FieldJudge } from './plausible.js';
import { carriesQualifiers } from './qualifiers.js';
import { isPlainObject, nameOf, toNumber } from './values.js';

export interface ReadReport {
  /** `alias→field` for every field found only under another name. */
  aliases: string[];
  /** Optional fields whose value could not be read (set to null), with how many rows. */
  unreadable: Record<string, number>;
  /** Rows left out because no identity or required field could be read: count and first field. */
  dropped: Dropped[];
  /** Fields of our reading that no row carried (for doctor: what the API does not send). */
  missing: string[];
  /**
   * Per row kind: rows read, how many had each field empty, and the API's own names of the fields no
   * field of ours took (scalar values only, as sent): what the completeness guard names when a column
   * of an answer comes out blank (src/mcp/completeness.ts).
   */
  coverage?: Record<string, Coverage>;
  /**
   * Per season label as read (`25-26`), each form the API wrote it in (`2025/26`; the label itself when
   * written so): what the answer shows beside the canonical label (src/mcp/canonical-forms.ts).
   */
  seasonForms?: Record<string, string[]>;
  /** What the answer said to its caller beside its data (api-words.ts): warnings, notices, messages. */
  said?: string[];
}

/**
 * Rows left out: how many of how many, and why: the first field none of them could be read for, or
 * (with `said`) an error the API sent in their place, with its words for the first rows.
 */
export interface Dropped {
  count: number;
  of: number;
  at: string;
  said?: string[];
}

export interface Coverage {
  rows: number;
  empty: Record<string, number>;
  unread: string[];
  /**
   * Per field empty on some row: the unread names whose values could fill it (a flag is no club name),
   * when the reading knew the field's reader.
   */
  fits?: Record<string, string[]>;
  /**
   * Names a row's statistics map took in (a flat record's unknown numbers): read as statistics, so not
   * named as unread, yet what a field left empty may be under (the names learner weighs them too).
   */
  taken?: string[];
}

/** At most this many unread names kept per row kind: enough to point at the right one. */
const UNREAD_KEPT = 24;

interface KindTally {
  known: readonly string[];
  rows: number;
  empty: number[];
  /** Per known field, how many rows lacked it altogether (not even null): what another name may hold. */
  lacking: number[];
  unread: Set<string>;
  /** Names the row's statistics map took in (Coverage.taken). */
  taken: Set<string>;
  /** Names nothing read whose value is an object of fields (grouped one level down): may hold a field. */
  groups: Set<string>;
  /** The first row seen with a value under each unread name. */
  samples: Map<string, Record<string, unknown>>;
  couldHold?: CouldHold;
}

/**
 * Whether the value under an unread name of a row could fill a field the row lacks (unread.ts decides,
 * per row kind): its reader takes it, and it is weighed plausible.
 */
export type CouldHold = (field: string, name: string, row: Record<string, unknown>) => boolean;

interface Tally {
  found: Set<string>;
  unreadable: Map<string, number>;
  dropped: Map<string, Dropped>;
  kinds: Map<string, KindTally>;
  aliases: Aliases;
  seasonForms?: Map<string, Set<string>>;
  judge: FieldJudge | undefined;
}

const stack: Tally[] = [];

const current = (): Tally | undefined => stack[stack.length - 1];

/** The alias set of the reading in progress (the defaults outside one). */
export function currentAliases(): Aliases {
  return current()?.aliases ?? DEFAULT_ALIAS_SET;
}

/** The judge of unread names' values in the reading in progress (plausible.ts), if its client has one. */
export function currentJudge(): FieldJudge | undefined {
  return current()?.judge;
}

/**
 * Runs `parse` with a fresh report, reading fields under `aliases` and weighing unread names' values with
 * `judge`; nested readings report into their own.
 */
export function reading<T>(
  parse: () => T,
  aliases: Aliases = DEFAULT_ALIAS_SET,
  judge?: FieldJudge,
): { value: T; report: ReadReport } {
  const tally: Tally = {
    found: new Set(),
    unreadable: new Map(),
    dropped: new Map(),
    kinds: new Map(),
    aliases,
    judge,
  };
  stack.push(tally);
  try {
    const value = parse();
    return { value, report: toReport(tally) };
  } finally {
    stack.pop();
  }
}

/** Runs `parse` in a reading of its own that nobody sees: a trial read must not count in the real one. */
export function quietly<T>(parse: () => T): T {
  const tally = current();
  return reading(parse, tally?.aliases, tally?.judge).value;
}

export function noteAlias(alias: string, field: string): void {
  current()?.found.add(`${alias}→${field}`);
}

export function noteUnreadable(path: string): void {
  const tally = current();
  if (tally) tally.unreadable.set(path, (tally.unreadable.get(path) ?? 0) + 1);
}

/** A season label the API wrote as `written`, read as `label`. */
export function noteSeasonForm(written: string, label: string): void {
  const tally = current();
  if (!tally) return;
  tally.seasonForms ??= new Map();
  let forms = tally.seasonForms.get(label);
  if (!forms) {
    forms = new Set();
    tally.seasonForms.set(label, forms);
  }
  forms.add(written);
}

export function noteDropped(list: string, count: number, of: number, at: string, said?: string[]): void {
  const tally = current();
  if (!tally || count === 0) return;
  const key = said ? `${list}\nerror` : list;
  const before = tally.dropped.get(key);
  const words = [...(before?.said ?? []), ...(said ?? [])];
  tally.dropped.set(key, {
    count: (before?.count ?? 0) + count,
    of: (before?.of ?? 0) + of,
    at: before?.at ?? at,
    ...(said ? { said: words.slice(0, 3) } : {}),
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
  /** Which unread names could fill which field (Coverage.fits). */
  couldHold?: CouldHold,
): void {
  const tally = current();
  if (!tally) return;
  let seen = tally.kinds.get(kind);
  if (!seen) {
    seen = {
      known,
      rows: 0,
      empty: known.map(() => 0),
      lacking: known.map(() => 0),
      unread: new Set(),
      taken: new Set(),
      groups: new Set(),
      samples: new Map(),
      ...(couldHold ? { couldHold } : {}),
    };
    tally.kinds.set(kind, seen);
  }
  seen.rows++;
  for (let i = 0; i < known.length; i++) {
    const value = row[known[i] as string];
    if (value == null) (seen.empty[i] as number)++;
    if (value === undefined) (seen.lacking[i] as number)++;
  }
  if (seen.unread.size >= UNREAD_KEPT) return;
  // A statistic the row's map took in (a flat statistics record) is read, not unread.
  const statistics = isPlainObject(row.statistics) ? row.statistics : undefined;
  for (const key in row) {
    if (isKnown.has(key)) continue;
    if (statistics && Object.hasOwn(statistics, key)) {
      seen.taken.add(key);
      continue;
    }
    if (isValue(row[key]) || (Array.isArray(row[key]) && (row[key] as unknown[]).length > 0)) {
      seen.unread.add(key);
      if (!seen.samples.has(key)) seen.samples.set(key, row);
    } else if (isPlainObject(row[key]) && !seen.samples.has(key)) {
      seen.groups.add(key);
      seen.samples.set(key, row);
    }
  }
}

/**
 * A value a field could hold: a text, number or flag, or an object standing for one (`{name}`, `{value}`,
 * a number with its currency or scale beside it).
 */
function isValue(value: unknown): boolean {
  if (typeof value === 'string') return value.trim() !== '';
  if (typeof value === 'number' || typeof value === 'boolean') return true;
  return (
    isPlainObject(value) &&
    (nameOf(value) !== undefined || typeof toNumber(value) === 'number' || carriesQualifiers(value))
  );
}

/**
 * The names under which `field` may sit in the value named `name`: a group of fields one level down
 * (`details: {alter: 29}`) is named by its members that could hold it (`details.alter`), so the note
 * points at the value itself; any other value by its own name.
 */
export function namesWithin(
  field: string,
  name: string,
  row: Record<string, unknown>,
  couldHold: CouldHold,
): string[] {
  const group = row[name];
  if (!isPlainObject(group) || isValue(group)) return [name];
  const inner = Object.keys(group)
    .map((member) => `${name}.${member}`)
    .filter((path) => couldHold(field, path, { [path]: group[path.slice(name.length + 1)] }));
  return inner.length > 0 ? inner : [name];
}

/** Per field some row lacked, the unread names whose first value could fill it. */
function fitsOf(seen: KindTally): { fits?: Record<string, string[]> } {
  const { couldHold } = seen;
  if (!couldHold || seen.unread.size + seen.groups.size === 0) return {};
  const names = [...seen.unread, ...seen.groups];
  const fits: Record<string, string[]> = {};
  for (let i = 0; i < seen.known.length; i++) {
    const field = seen.known[i] as string;
    if (seen.lacking[i] === 0) continue;
    fits[field] = names.flatMap((name) => {
      const row = seen.samples.get(name);
      return row !== undefined && couldHold(field, name, row) ? namesWithin(field, name, row, couldHold) : [];
    });
  }
  return { fits };
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
    coverage[kind] = {
      rows: seen.rows,
      empty,
      unread: [...seen.unread],
      ...fitsOf(seen),
      ...(seen.taken.size > 0 ? { taken: [...seen.taken] } : {}),
    };
  }
  return {
    aliases: [...tally.found].sort(),
    unreadable: Object.fromEntries(tally.unreadable),
    dropped: [...tally.dropped.entries()].map(([list, d]) => ({ ...d, at: d.at || list })),
    missing: missing.sort(),
    ...(tally.kinds.size > 0 ? { coverage } : {}),
    ...(tally.seasonForms
      ? {
          seasonForms: Object.fromEntries(
            [...tally.seasonForms].map(([label, forms]) => [label, [...forms]]),
          ),
        }
      : {}),
  };
}

/**
 * The notes a tool result should carry about a reading: the rows left out. Values that could not be
 * read are named in the answer's one note on unread fields (src/mcp/completeness.ts), from the report.
 */
export function readNotes(report: ReadReport): string[] {
  const dropped = report.dropped.map((d) =>
    d.said
      ? `${d.count} of ${d.of} rows left out: the API sent an error in their place (${quotedWords(d.said)}${d.count > d.said.length ? '; …' : ''}).`
      : `${d.count} of ${d.of} rows left out: the API's answer had no readable ${d.at}.`,
  );
  return report.said?.length ? [...dropped, wordsNote(report.said)] : dropped;
}
