// The role table both list_roles and the roles resource serve: the 31 keys with their English
// names, plus what the live GET /v1/enums adds (former keys, roles added or renamed after the spec).
// When enums cannot be read, the table is the spec's 31 keys, and says so and why.

import type { ApiClient, ApiResult } from '../api/client.js';
import { type EnumRole, readEnumRoles } from '../api/enums.js';
import { ApiError } from '../api/errors.js';
import { ROLE_LABELS } from '../domain/role-labels.js';
import { ROLE_FAMILIES, type RoleFamily, type RoleKey } from '../domain/roles.js';

/** One role: its current key, position family, English name and description, other names, former keys. */
export interface RoleRow {
  key: string;
  family: string;
  label: string;
  description: string;
  aliases: string[];
  deprecated_keys: string[];
}

/** The documented roles with no live data: what the table is when GET /v1/enums cannot be read. */
export function documentedRoleRows(): RoleRow[] {
  return (Object.entries(ROLE_FAMILIES) as [RoleFamily, readonly RoleKey[]][]).flatMap(([family, keys]) =>
    keys.map((key) => ({
      key,
      family,
      label: ROLE_LABELS[key].label,
      description: ROLE_LABELS[key].description,
      aliases: [...ROLE_LABELS[key].aliases],
      deprecated_keys: [],
    })),
  );
}

/** Whether the table holds the API's own list; when not, why, in our words. */
export interface EnumsStatus {
  live: boolean;
  problem: string | null;
}

/**
 * One request to GET /v1/enums (cached 24 h) merged into the documented table. When it fails or
 * lists no role we can read, the table is the spec's 31 keys, with whatever renamed keys it did give,
 * and `enums` says so and why. Only an abort or a refused argument is thrown.
 */
export async function loadRoleRows(
  api: ApiClient,
  signal?: AbortSignal,
): Promise<ApiResult<RoleRow[]> & { enums: EnumsStatus }> {
  let result: ApiResult<unknown>;
  try {
    result = await api.enums({ signal });
  } catch (error) {
    if (!(error instanceof ApiError) || error.kind === 'aborted' || error.kind === 'invalid_argument')
      throw error;
    return {
      data: documentedRoleRows(),
      quota: await api.quota.reported(),
      source: { cached: false, fetched_at: new Date().toISOString() },
      enums: { live: false, problem: `GET /v1/enums failed: ${failure(error)}` },
    };
  }
  const { roles, listed } = readEnumRoles(result.data, api.aliases);
  const renamed = roles.filter((r) => r.deprecatedKeys.length > 0).length;
  const problem = listed
    ? null
    : `GET /v1/enums answered without a list of roles we could read${renamed ? ` (only ${renamed} renamed key${renamed === 1 ? '' : 's'}, kept)` : ''}`;
  return { ...result, data: merged(roles), enums: { live: listed, problem } };
}

/**
 * The documented rows with what the API said: former keys of a documented key; a documented key the
 * API renamed shown under its new key (English names kept, the spec's key among the former ones);
 * and the roles the API added after the spec.
 */
function merged(live: readonly EnumRole[]): RoleRow[] {
  const byKey = new Map(live.map((r) => [r.key, r]));
  const renamedFrom = new Map<string, EnumRole>();
  for (const role of live)
    if (!isDocumented(role.key)) for (const old of role.deprecatedKeys) renamedFrom.set(old, role);
  const used = new Set<string>();
  const rows = documentedRoleRows().map((row) => {
    const same = byKey.get(row.key);
    const renamed = same ? undefined : renamedFrom.get(row.key);
    const role = same ?? renamed;
    if (!role) return row;
    used.add(role.key);
    return { ...row, key: role.key, deprecated_keys: [...new Set(role.deprecatedKeys)] };
  });
  // Roles the API added after the spec was written (or renamed keys of roles we do not know): listed
  // too, so the model can use them.
  const added = live
    .filter((r) => !used.has(r.key))
    .map((r) => ({
      key: r.key,
      family: r.family ?? 'other',
      label: r.key.replace(/_/g, ' '),
      description: 'Added by the API after this server was written; no English description yet.',
      aliases: [],
      deprecated_keys: r.deprecatedKeys,
    }));
  return [...rows, ...added];
}

const DOCUMENTED = new Set<string>(Object.values(ROLE_FAMILIES).flat());
const isDocumented = (key: string) => DOCUMENTED.has(key);

/** Why a call failed, in our words (never upstream text). */
function failure(error: ApiError): string {
  const status = error.status ? ` (${error.status})` : '';
  switch (error.kind) {
    case 'not_found':
      return 'not found (404)';
    case 'bad_response':
      return 'its answer could not be read';
    case 'unauthorized':
      return `the key was refused${status}`;
    case 'forbidden':
      return 'refused by the plan (403)';
    case 'rate_limited':
    case 'quota_exhausted':
      return 'rate limited or the daily quota is spent (429)';
    case 'server':
    case 'network':
    case 'timeout':
      return `the API is unavailable${status || ` (${error.kind})`}`;
    default:
      return `${error.kind}${status}`;
  }
}
