// What one reading of an upstream answer found beyond the plain shape: fields read under an alias,
// optional values that could not be read, rows left out, and fields no row carried. Parsing is
// synchronous, so the reading in progress is a simple stack; `reading` is its only entry point.

export interface ReadReport {
  /** `alias→field` for every field found only under another name. */
  aliases: string[];
  /** Optional fields whose value could not be read (set to null), with how many rows. */
  unreadable: Record<string, number>;
  /** Rows left out because no identity or required field could be read: count and first field. */
  dropped: { count: number; of: number; at: string }[];
  /** Fields of our reading that no row carried (for doctor: what the API does not send). */
  missing: string[];
}

interface Tally {
  aliases: Set<string>;
  unreadable: Map<string, number>;
  dropped: Map<string, { count: number; of: number; at: string }>;
  /** Per row kind: the fields it knows that no row has carried yet (shrinks as rows are read). */
  unseen: Map<string, string[]>;
}

const stack: Tally[] = [];

const current = (): Tally | undefined => stack[stack.length - 1];

/** Runs `parse` with a fresh report; nested readings report into their own. */
export function reading<T>(parse: () => T): { value: T; report: ReadReport } {
  const tally: Tally = { aliases: new Set(), unreadable: new Map(), dropped: new Map(), unseen: new Map() };
  stack.push(tally);
  try {
    const value = parse();
    return { value, report: toReport(tally) };
  } finally {
    stack.pop();
  }
}

export function noteAlias(alias: string, field: string): void {
  current()?.aliases.add(`${alias}→${field}`);
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

/** Notes which of the fields `known` to a row kind this row carries (a value other than null). */
export function noteFields(kind: string, known: readonly string[], row: Record<string, unknown>): void {
  const tally = current();
  if (!tally) return;
  let unseen = tally.unseen.get(kind);
  if (!unseen) {
    unseen = [...known];
    tally.unseen.set(kind, unseen);
  }
  // In place: once a page's first rows have shown every field, a row costs nothing here.
  let kept = 0;
  for (const field of unseen) if (row[field] == null) unseen[kept++] = field;
  unseen.length = kept;
}

function toReport(tally: Tally): ReadReport {
  const missing: string[] = [];
  for (const [kind, unseen] of tally.unseen) {
    for (const field of unseen) missing.push(kind ? `${kind}.${field}` : field);
  }
  return {
    aliases: [...tally.aliases].sort(),
    unreadable: Object.fromEntries(tally.unreadable),
    dropped: [...tally.dropped.entries()].map(([list, d]) => ({ ...d, at: d.at || list })),
    missing: missing.sort(),
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
