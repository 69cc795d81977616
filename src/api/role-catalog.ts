import { fold, nearest } from '../domain/nearest.js';
import { roleByName, roleNames, roleWithLabel } from '../domain/role-labels.js';
import { ROLE_KEYS } from '../domain/roles.js';
import type { ApiClient } from './client.js';
import { parseEnumRoles } from './enums.js';
import { ApiError, InvalidArgumentError } from './errors.js';
import { EnumsResponse } from './schemas.js';

export interface ResolvedRole {
  /** The key sent upstream: the current key, also for a renamed one. */
  key: string;
  /** Set when the caller used a key the API renamed. */
  renamedFrom?: string;
}

/**
 * Validates role keys: the 31 documented keys and their English names (labels, aliases) pass at
 * once; anything else is looked up in the live GET /v1/enums (cached 24 h), which also names the six
 * renamed keys. Unknown roles are refused before any other upstream call, with the nearest valid
 * keys named beside their English labels.
 */
export class RoleCatalog {
  constructor(private readonly api: ApiClient) {}

  async resolve(input: string, signal?: AbortSignal, argument = 'role'): Promise<ResolvedRole> {
    const named = roleByName(input);
    if (named) return { key: named };
    const wanted = fold(input);
    const live = await this.liveRoles(signal);
    const current = live.current.has(wanted) ? wanted : undefined;
    if (current) return { key: current };
    const renamed = live.renamed.get(wanted);
    if (renamed) return { key: renamed, renamedFrom: wanted };
    const suggestions = closestRoles(input, [...live.current, ...live.renamed.keys()]);
    const unread = live.read
      ? ''
      : ' (GET /v1/enums could not be read: keys the API renamed or added are not known here)';
    throw new InvalidArgumentError(
      argument,
      `"${input}" is not a role${unread}. Closest: ${suggestions.map(roleWithLabel).join(', ')}. ` +
        'Pass a key or an English name from list_roles (31 roles).',
      suggestions,
    );
  }

  private async liveRoles(signal?: AbortSignal) {
    const current = new Set<string>();
    const renamed = new Map<string, string>();
    let read = true;
    try {
      const { data } = await this.api.call('enums', EnumsResponse, signal ? { signal } : {});
      for (const role of parseEnumRoles(data)) {
        current.add(role.key);
        for (const old of role.deprecatedKeys) renamed.set(old, role.key);
      }
    } catch (error) {
      // An unreadable or missing enums route only loses the renamed keys: the refusal below still
      // names the nearest documented keys. Any other failure (key, quota, outage) is the caller's.
      if (!(error instanceof ApiError) || !['bad_response', 'not_found'].includes(error.kind)) throw error;
      read = false;
    }
    return { current, renamed, read };
  }
}

/** The three role keys whose key or English names come closest to `input`. */
function closestRoles(input: string, liveKeys: readonly string[]): string[] {
  const keyOfName = new Map<string, string>(liveKeys.map((key) => [key, key]));
  for (const key of ROLE_KEYS) for (const name of roleNames(key)) keyOfName.set(name, key);
  const keys = nearest(input, keyOfName.keys(), keyOfName.size).map((name) => keyOfName.get(name) ?? name);
  return [...new Set(keys)].slice(0, 3);
}
