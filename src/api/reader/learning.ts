// The seam between reading and learning. The reader knows only names (the alias set); what the server
// knows of the API's world (players the rankings named, role keys, leagues) lives in src/facts, which
// implements this and is handed to the client. After each reading the client shows the learner the
// answer: it takes the facts the spec fixes from it and says which fields the reading left empty it
// finds, by their values, under names nothing read. The client then reads the same answer again with
// those names. No request is sent for it.
import type { AliasTable } from './aliases.js';
import type { FieldJudge } from './plausible.js';
import type { ReadReport } from './report.js';

/** A field found under another name by its values: `verein` as club, 5 of 5 values matched. */
export interface LearnedName {
  field: string;
  /** The API's own name, as it wrote it. */
  name: string;
  /** Rows whose value agreed with what is known, of those compared. */
  matched: number;
  of: number;
  /** The route where it was learned. */
  route: string;
}

export interface FieldLearner {
  /** The person (service_id) an answer read tied this row id to, if any answer did. */
  personOf?(rowId: string): string | undefined;
  /** The current key of a role key the API renamed (its enums answer said so), if it is a former one. */
  currentRole?(key: string): string | undefined;
  /**
   * Whether a value under a name nothing read agrees with what is known of a field (plausible.ts): a row
   * lacking the field is called unread only when some such value could be it.
   */
  readonly couldBe?: FieldJudge;
  /** Whether names are learned at all (the setting `--learn-names`); facts are taken either way. */
  readonly learns?: boolean;
  /** Names learned so far, with the first evidence: the client reads every answer with them. */
  readonly learned: readonly LearnedName[];
  /**
   * Takes the facts of `value` and returns names newly learned from `raw` (empty when none). `reserved`:
   * names (folded) a routes file gives a field of its own choosing: never learned as another.
   */
  learn(
    route: string,
    raw: unknown,
    value: unknown,
    report: ReadReport,
    reserved?: ReadonlySet<string>,
  ): LearnedName[];
}

/** The learned names as alias table entries (each field's names, first learned first). */
export function learnedTable(names: readonly LearnedName[]): AliasTable {
  const out: Record<string, string[]> = {};
  for (const { field, name } of names) {
    const known = out[field] ?? [];
    if (!known.includes(name)) out[field] = [...known, name];
  }
  return out;
}

/** How a learned name is said, once: "read `verein` as club: 5 of 5 values matched". */
export function learnedNote({ field, name, matched, of }: LearnedName): string {
  return `read \`${name}\` as ${field}: ${matched} of ${of} values matched what the API said elsewhere.`;
}

/**
 * Whether a name learned later could change this reading: a field left empty on every row of a kind
 * beside names nothing read (the learner's own condition). Only such an answer is kept raw in the cache.
 */
export function mayLearnFrom(report: ReadReport): boolean {
  for (const seen of Object.values(report.coverage ?? {})) {
    if (seen.unread.length === 0 && (seen.taken ?? []).length === 0) continue;
    if (Object.values(seen.empty).some((count) => count === seen.rows)) return true;
  }
  return false;
}
