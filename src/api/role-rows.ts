// The role table both list_roles and the roles resource serve: the 31 keys with their English
// names, plus what the live GET /v1/enums adds (former keys, roles added after the spec).
import { z } from 'zod';
import { ROLE_LABELS } from '../domain/role-labels.js';
import { ROLE_FAMILIES, type RoleFamily, type RoleKey } from '../domain/roles.js';
import type { ApiClient, ApiResult } from './client.js';
import { parseEnumRoles } from './enums.js';
import { EnumsResponse } from './schemas.js';

export const RoleRow = z.object({
  key: z.string().describe('Current key to pass as `role`.'),
  family: z.string().describe('Position family, e.g. centre_back.'),
  label: z.string().describe('English name; also accepted as `role`.'),
  description: z.string(),
  aliases: z.array(z.string()).describe('Other English names accepted as `role`.'),
  deprecated_keys: z.array(z.string()).describe('Former keys of a renamed role; still accepted.'),
});
export type RoleRow = z.infer<typeof RoleRow>;

/** The documented roles with no live data: what the table is when GET /v1/enums cannot be read. */
export function documentedRoleRows(deprecatedOf: (key: string) => string[] = () => []): RoleRow[] {
  return (Object.entries(ROLE_FAMILIES) as [RoleFamily, readonly RoleKey[]][]).flatMap(([family, keys]) =>
    keys.map((key) => ({
      key,
      family,
      label: ROLE_LABELS[key].label,
      description: ROLE_LABELS[key].description,
      aliases: [...ROLE_LABELS[key].aliases],
      deprecated_keys: deprecatedOf(key),
    })),
  );
}

/** One request to GET /v1/enums (cached 24 h) merged into the documented table. */
export async function loadRoleRows(api: ApiClient, signal?: AbortSignal): Promise<ApiResult<RoleRow[]>> {
  const result = await api.call('enums', EnumsResponse, signal ? { signal } : {});
  const live = new Map(parseEnumRoles(result.data, api.aliases).map((r) => [r.key, r]));
  const documented = documentedRoleRows((key) => live.get(key)?.deprecatedKeys ?? []);
  const known = new Set(documented.map((r) => r.key));
  // Roles the API added after the spec was written: listed too, so the model can use them.
  const added = [...live.values()]
    .filter((r) => !known.has(r.key))
    .map((r) => ({
      key: r.key,
      family: r.family ?? 'other',
      label: r.key.replace(/_/g, ' '),
      description: 'Added by the API after this server was written; no English description yet.',
      aliases: [],
      deprecated_keys: r.deprecatedKeys,
    }));
  return { ...result, data: [...documented, ...added] };
}
