// Value-guided mapping, doctor's side of the one mechanism (src/facts/names-learned.ts holds the facts
// and the comparison; the live reader learns with the same). The spec fixes a few names: ranking entries carry rank, name, club, age and
// score; player rows carry player_id / service_id. So after rankings, doctor knows real players: their
// ids, names, clubs and ages. In another route's raw rows, a field the reader could not map whose
// values equal what is known of the same player IS that field under another name (a compare row's
// `fullName` equal to the ranking's `name` of that player → `name: ["fullName"]`): the routes file's
// "fields" entry that makes the server read it.
import { type Aliases, DEFAULT_ALIAS_SET } from '../api/reader/aliases.js';
import { fieldName } from '../api/reader/names.js';
import { isPlainObject } from '../api/reader/values.js';
import { KnownPlayers, PLAYER_FACTS, sameValue, scalarOf } from '../facts/names-learned.js';

type Json = Record<string, unknown>;

/** The fields value-guided mapping can find: what is known of a player from the spec's own names. */
export const MAPPED_FIELDS = PLAYER_FACTS;
export { KnownPlayers };

/** Objects whose fields the reader lifts into a row (reader/row.ts): their keys are aliases too. */
const NESTED = ['player', 'joueur', 'person', 'personne'];

/** Agreeing rows a candidate needs: a number can equal an age by chance once, a name hardly. */
const NEEDED = { string: 1, number: 2 } as const;

/** A row's fields as the reader sees them: its own, then those of a nested player object. */
function flatten(row: Json): Json {
  const out: Json = {};
  for (const name of NESTED) if (isPlainObject(row[name])) Object.assign(out, row[name]);
  for (const [key, value] of Object.entries(row)) if (!isPlainObject(value)) out[key] = value;
  return out;
}

/**
 * The fields `rows` (raw, as the API sent them) carry under a name the reader does not know, found by
 * their values: `{name: ["fullName"]}`. A candidate must agree on every row where it and the player's
 * value are both present, on at least one row (two for numbers); a field the row carries under its
 * own name or an alias of `aliases` (the client's set), in any casing, is not looked for.
 */
export function valueAliases(
  rows: readonly Json[],
  known: KnownPlayers,
  aliases: Aliases = DEFAULT_ALIAS_SET,
): Record<string, string[]> {
  const tally = new Map<string, { agree: number; disagree: number; kind: 'string' | 'number' }>();
  for (const row of rows) {
    const values = flatten(row);
    const facts = known.find(values);
    if (!facts) continue;
    for (const field of MAPPED_FIELDS) {
      const fact = facts[field];
      if (fact === undefined) continue;
      // Names compared as the reader compares them: folded, so `fullName` is the alias `full_name`.
      const readable = new Set([fieldName(field), ...aliases.of(fieldName(field))]);
      if (Object.entries(values).some(([name, value]) => value != null && readable.has(fieldName(name))))
        continue;
      for (const [key, raw] of Object.entries(values)) {
        const value = scalarOf(raw);
        if (value === undefined || (MAPPED_FIELDS as readonly string[]).includes(key)) continue;
        const id = `${field}\n${key}`;
        const entry = tally.get(id) ?? {
          agree: 0,
          disagree: 0,
          kind: typeof fact === 'number' ? 'number' : 'string',
        };
        if (sameValue(value, fact)) entry.agree++;
        else entry.disagree++;
        tally.set(id, entry);
      }
    }
  }
  const found: Record<string, string[]> = {};
  for (const [id, { agree, disagree, kind }] of tally) {
    if (disagree > 0 || agree < NEEDED[kind]) continue;
    const [field, key] = id.split('\n') as [string, string];
    found[field] = [...(found[field] ?? []), key].sort();
  }
  return found;
}

/** Field aliases merged: each field's names once, those of `a` first. */
export function mergeFields(
  a: Readonly<Record<string, readonly string[]>>,
  b: Readonly<Record<string, readonly string[]>>,
): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const table of [a, b])
    for (const [field, names] of Object.entries(table))
      out[field] = [...new Set([...(out[field] ?? []), ...names])];
  return out;
}
