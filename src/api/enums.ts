// GET /v1/enums has no documented shape beyond "roles, each renamed one with deprecated_key".
// This reader accepts the plausible ones: roles as strings or objects, at the top level or under
// `data`, with the key under key/value/id/code/role/name and the old key under deprecated_key.

export interface EnumRole {
  key: string;
  family?: string;
  deprecatedKeys: string[];
}

const KEY_FIELDS = ['key', 'value', 'id', 'code', 'role', 'name'] as const;
const DEPRECATED_FIELDS = [
  'deprecated_key',
  'deprecatedKey',
  'deprecated_keys',
  'previous_key',
  'old_key',
] as const;

export function parseEnumRoles(body: unknown): EnumRole[] {
  const list = findRoleList(body, 0);
  if (!list) return [];
  const roles: EnumRole[] = [];
  for (const item of list) {
    if (typeof item === 'string') {
      roles.push({ key: item, deprecatedKeys: [] });
      continue;
    }
    if (!item || typeof item !== 'object') continue;
    const record = item as Record<string, unknown>;
    const key = KEY_FIELDS.map((f) => record[f]).find((v): v is string => typeof v === 'string');
    if (!key) continue;
    const deprecatedKeys = DEPRECATED_FIELDS.flatMap((f) => strings(record[f]));
    const family = typeof record.family === 'string' ? record.family : undefined;
    roles.push({ key, deprecatedKeys, ...(family ? { family } : {}) });
  }
  return roles;
}

function strings(value: unknown): string[] {
  if (typeof value === 'string' && value) return [value];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string' && v !== '');
  return [];
}

function findRoleList(node: unknown, depth: number): unknown[] | undefined {
  if (!node || typeof node !== 'object' || depth > 3) return undefined;
  const record = node as Record<string, unknown>;
  for (const name of ['roles', 'role', 'positional_roles']) {
    if (Array.isArray(record[name])) return record[name];
  }
  for (const value of Object.values(record)) {
    const found = findRoleList(value, depth + 1);
    if (found) return found;
  }
  return undefined;
}
