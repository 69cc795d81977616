// GET /v1/enums has no documented shape beyond "roles, each renamed one with deprecated_key".
// This reader accepts the plausible ones, at the top level or under `data`:
//   a list of keys or of objects (key under key/value/id/code/role/name);
//   a map from key to an object (or to its former key);
//   groups by family: a map from family to one of the above;
// and the former key under deprecated_key (or an alias of it) wherever it sits: in the role, or in
// a separate list or map of renamed roles.

import { ROLE_KEYS } from '../domain/roles.js';
import { type Aliases, DEFAULT_ALIAS_SET } from './reader/aliases.js';
import { foldedRecord } from './reader/names.js';
import { isPlainObject } from './reader/values.js';

export interface EnumRole {
  key: string;
  family?: string;
  deprecatedKeys: string[];
}

const KEY_FIELDS = ['key', 'value', 'id', 'code', 'role', 'name', 'cle'] as const;
const ROLE_LISTS = ['roles', 'role', 'positional_roles', 'postes', 'roles_positionnels'];
const RENAMED_LISTS = [
  'renamed',
  'renamed_roles',
  'deprecated',
  'deprecated_keys',
  'renommes',
  'roles_renommes',
];
const KEY_SHAPE = /^[a-z][a-z0-9_]{2,63}$/;

/** The roles of an enums answer; `aliases` gives the other names of deprecated_key (a client's set). */
export function parseEnumRoles(body: unknown, aliases: Aliases = DEFAULT_ALIAS_SET): EnumRole[] {
  return readEnumRoles(body, aliases).roles;
}

/**
 * The roles of an enums answer, and whether a list of roles was read (`listed`). Without one, the
 * renamed roles listed apart (`{renamed: {new_key: old_key}}`) are still returned: what the API said of
 * its renamed keys is kept even when the rest of its answer cannot be read.
 */
export function readEnumRoles(
  body: unknown,
  aliases: Aliases = DEFAULT_ALIAS_SET,
): { roles: EnumRole[]; listed: boolean } {
  const deprecatedFields = ['deprecated_key', 'deprecated_keys', ...aliases.of('deprecated_key')];
  const node = findNode(body, ROLE_LISTS, 0);
  const roles = new Map<string, EnumRole>();
  const add = (key: string, deprecatedKeys: string[], family?: string) => {
    const known = roles.get(key);
    if (known) {
      known.deprecatedKeys = [...new Set([...known.deprecatedKeys, ...deprecatedKeys])];
      if (family && !known.family) known.family = family;
    } else roles.set(key, { key, deprecatedKeys, ...(family ? { family } : {}) });
  };
  readRoles(node, add, undefined, 0, deprecatedFields);
  // No list under a name we know, or none we could read there: the role list found by its values.
  if (roles.size === 0) readRolesByValues(body, add, deprecatedFields);
  const listed = roles.size > 0;
  // Renamed roles listed apart from the roles: [{key, deprecated_key}] or {new_key: old_key} / {old: new}.
  // With no list of roles to tell the direction, a map is read as {new_key: old_key}.
  const renamed = findNode(body, RENAMED_LISTS, 0);
  if (Array.isArray(renamed))
    readRoles(
      renamed,
      (key, old) => (!listed || roles.has(key)) && old.length > 0 && add(key, old),
      undefined,
      0,
      deprecatedFields,
    );
  else if (isPlainObject(renamed)) {
    for (const [a, b] of Object.entries(renamed)) {
      if (typeof b !== 'string') continue;
      if (roles.has(a) || (!listed && KEY_SHAPE.test(a) && KEY_SHAPE.test(b))) add(a, [b]);
      else if (roles.has(b)) add(b, [a]);
    }
  }
  return { roles: [...roles.values()], listed };
}

type Add = (key: string, deprecatedKeys: string[], family?: string) => void;

function readRoles(
  node: unknown,
  add: Add,
  family: string | undefined,
  depth: number,
  deprecatedFields: readonly string[],
): void {
  if (depth > 3) return;
  if (Array.isArray(node)) {
    for (const item of node) {
      if (typeof item === 'string') add(item, [], family);
      else if (isPlainObject(item)) readRoleObject(item, undefined, add, family, deprecatedFields);
    }
    return;
  }
  if (!isPlainObject(node)) return;
  for (const [name, value] of Object.entries(node)) {
    // A map of groups (family → roles) or a map of roles (key → role object or former key).
    if (Array.isArray(value) || (isPlainObject(value) && isGroup(value)))
      readRoles(value, add, name, depth + 1, deprecatedFields);
    else if (isPlainObject(value)) readRoleObject(value, name, add, family, deprecatedFields);
    else if (KEY_SHAPE.test(name)) add(name, typeof value === 'string' ? [value] : [], family);
  }
}

/** A map whose values are all objects or lists (role objects carry words): a family group. */
function isGroup(value: Record<string, unknown>): boolean {
  const entries = Object.values(value);
  return entries.length > 0 && entries.every((v) => isPlainObject(v) || Array.isArray(v));
}

function readRoleObject(
  raw: Record<string, unknown>,
  keyFromMap: string | undefined,
  add: Add,
  family: string | undefined,
  deprecatedFields: readonly string[],
) {
  const record = foldedRecord(raw);
  const key = keyFromMap ?? KEY_FIELDS.map((f) => record[f]).find((v): v is string => typeof v === 'string');
  if (!key) return;
  const own = [record.family, record.famille, record.group].find((v): v is string => typeof v === 'string');
  add(
    key,
    deprecatedFields.flatMap((f) => strings(record[f])),
    own ?? family,
  );
}

function strings(value: unknown): string[] {
  if (typeof value === 'string' && value) return [value];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string' && v !== '');
  return [];
}

function findNode(node: unknown, names: readonly string[], depth: number): unknown {
  if (!isPlainObject(node) || depth > 3) return undefined;
  for (const name of names) if (node[name] !== undefined && node[name] !== null) return node[name];
  for (const value of Object.values(node)) {
    const found = findNode(value, names, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

// The role list by its values, whatever its name (`rollen`, `nom`…): the list (or map) within the
// answer whose entries hold the most role keys the spec lists. In a list of objects, the field that
// holds known keys in most entries is the key (so a renamed role's new key is read too), and a field
// holding known keys only in some entries, where the key is not one, is the former key.

const SPEC_KEYS: ReadonlySet<string> = new Set(ROLE_KEYS);
/** Known keys a list needs before it is taken for the role list: a few could be chance. */
const ROLES_NEEDED = 5;

type Entries = { items: unknown[]; fromMap: string[] | undefined };

function candidates(node: unknown, depth: number, out: Entries[]): void {
  if (depth > 4) return;
  if (Array.isArray(node)) {
    out.push({ items: node, fromMap: undefined });
    for (const item of node) if (isPlainObject(item)) candidates(item, depth + 1, out);
    return;
  }
  if (!isPlainObject(node)) return;
  out.push({ items: Object.values(node), fromMap: Object.keys(node) });
  for (const value of Object.values(node)) candidates(value, depth + 1, out);
}

/** Per field of a list's objects, in how many entries it holds a spec key. */
function keyFields(items: readonly unknown[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) {
    if (!isPlainObject(item)) continue;
    for (const [field, value] of Object.entries(item))
      if (typeof value === 'string' && SPEC_KEYS.has(value)) counts.set(field, (counts.get(field) ?? 0) + 1);
  }
  return counts;
}

function knownIn({ items, fromMap }: Entries): number {
  if (fromMap) return fromMap.filter((k) => SPEC_KEYS.has(k)).length;
  const strings = items.filter((v) => typeof v === 'string' && SPEC_KEYS.has(v)).length;
  return Math.max(strings, ...keyFields(items).values());
}

function readRolesByValues(body: unknown, add: Add, deprecatedFields: readonly string[]): void {
  const found: Entries[] = [];
  candidates(body, 0, found);
  let best: Entries | undefined;
  let score = ROLES_NEEDED - 1;
  for (const entries of found) {
    const known = knownIn(entries);
    if (known > score) [best, score] = [entries, known];
  }
  if (!best) return;
  if (best.fromMap) {
    best.fromMap.forEach((key, i) => {
      if (!KEY_SHAPE.test(key)) return;
      const value = best.items[i];
      add(key, typeof value === 'string' && SPEC_KEYS.has(value) ? [value] : []);
    });
    return;
  }
  const fields = [...keyFields(best.items)].sort((a, b) => b[1] - a[1]);
  const key = fields[0]?.[0];
  for (const item of best.items) {
    if (typeof item === 'string') {
      if (KEY_SHAPE.test(item)) add(item, []);
      continue;
    }
    if (!isPlainObject(item) || key === undefined) continue;
    const value = item[key];
    if (typeof value !== 'string' || !KEY_SHAPE.test(value)) continue;
    const former = fields
      .slice(1)
      .map(([field]) => item[field])
      .filter((v): v is string => typeof v === 'string' && v !== value && SPEC_KEYS.has(v));
    // The former key under the name the spec gives it (or an alias of it) is read whatever the key's name.
    const record = foldedRecord(item);
    const stated = deprecatedFields.flatMap((f) => strings(record[f])).filter((v) => v !== value);
    add(value, [...new Set([...stated, ...(SPEC_KEYS.has(value) ? [] : former)])]);
  }
}
