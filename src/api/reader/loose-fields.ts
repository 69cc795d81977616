// An object of named fields inside a row (a summary, a spread, `meta`, a coach `{id, name}`), read as a
// row's fields are: keys in any casing (`{CoachId, Name}` is `{coach_id, name}`) and under their aliases
// (a routes file's "fields" too), unknown ones kept; an optional value its reader refuses is null and
// unread, never failing the whole object (a median written as text nothing parses once blanked the
// summary); a field lacking beside names nothing reads whose values could be it is unread, not absent.
// The object carries its unread fields as a row does (unread.ts): a tool that makes its own object of it
// carries them with `carryUnread`.
import { z } from 'zod';
import { objectFields, regroupFlattened, regroupingOf, regroupUnderscored } from './flattened.js';
import { foldedRecord } from './names.js';
import { currentAliases, noteAlias, noteUnreadable } from './report.js';
import { unreadMarker } from './unread.js';
import { isPlainObject } from './values.js';

/**
 * The reader of an object of `shape`'s fields; `kind` is what its unread values are noted under
 * (`spread.median`); `alsoKnown`: names the object may carry that are none of its fields under another
 * name (a spread's standard deviation). Only a required field it cannot read fails the object.
 */
export function looseFields<S extends z.ZodRawShape>(
  shape: S,
  kind = 'fields',
  alsoKnown: readonly string[] = [],
) {
  const object = z.looseObject(shape);
  type Value = z.output<typeof object>;
  const keys = Object.keys(shape);
  const known = new Set(keys);
  const optional = new Set(keys.filter((k) => (shape[k] as z.ZodType).safeParse(undefined).success));
  const reads = new Set([...known, ...alsoKnown]);
  const marker = unreadMarker(kind, shape, reads);
  const regrouping = regroupingOf(() => objectFields(shape));
  return z.unknown().transform((raw, ctx): Value => {
    if (!isPlainObject(raw)) {
      ctx.addIssue({ code: 'custom', message: `${kind} is not an object`, input: raw });
      return z.NEVER;
    }
    const fields = foldedRecord(regroupFlattened(raw));
    // A field under an alias (the defaults, a routes file's "fields": the fix the note names) is read.
    const aliases = currentAliases();
    for (const key of keys) {
      if (fields[key] != null) continue;
      const alias = aliases.of(key).find((a) => fields[a] != null && !known.has(a));
      if (alias === undefined) continue;
      fields[key] = fields[alias];
      delete fields[alias];
      noteAlias(alias, key);
    }
    const made = regrouping(aliases);
    if (made.groups.length > 0)
      regroupUnderscored(fields, made, (name) => reads.has(name) || aliases.words.has(name));
    const unparsed: string[] = [];
    let parsed = object.safeParse(fields);
    if (!parsed.success) {
      const bad = [...new Set(parsed.error.issues.map((i) => String(i.path[0] ?? '')))];
      if (bad.every((key) => optional.has(key))) {
        for (const key of bad) {
          noteUnreadable(`${kind}.${key}`);
          unparsed.push(key);
          fields[key] = null;
        }
        parsed = object.safeParse(fields);
      }
    }
    if (!parsed.success) {
      const [issue] = parsed.error.issues;
      ctx.addIssue({
        code: 'custom',
        message: issue?.message ?? `unreadable ${kind}`,
        path: issue?.path,
        input: raw,
      });
      return z.NEVER;
    }
    marker.mark(parsed.data, fields, unparsed);
    return parsed.data;
  });
}
