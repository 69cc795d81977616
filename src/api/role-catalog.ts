import { fold, nearest } from '../domain/nearest.js';
import { isRoleKey, ROLE_KEYS } from '../domain/roles.js';
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
 * Validates role keys: the 31 documented keys pass at once; anything else is looked up in the
 * live GET /v1/enums (cached 24 h), which also names the six renamed keys. Unknown keys are refused
 * before any other upstream call, with the nearest valid keys named.
 */
export class RoleCatalog {
  constructor(private readonly api: ApiClient) {}

  async resolve(input: string, signal?: AbortSignal, argument = 'role'): Promise<ResolvedRole> {
    const wanted = fold(input);
    if (isRoleKey(wanted)) return { key: wanted };
    const live = await this.liveRoles(signal);
    const current = live.current.has(wanted) ? wanted : undefined;
    if (current) return { key: current };
    const renamed = live.renamed.get(wanted);
    if (renamed) return { key: renamed, renamedFrom: wanted };
    const known = [...ROLE_KEYS, ...live.current, ...live.renamed.keys()];
    const suggestions = nearest(input, known, 3);
    throw new InvalidArgumentError(
      argument,
      `"${input}" is not a role key. Closest: ${suggestions.join(', ')}. Call list_roles for all 31.`,
      suggestions,
    );
  }

  private async liveRoles(signal?: AbortSignal) {
    const current = new Set<string>();
    const renamed = new Map<string, string>();
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
    }
    return { current, renamed };
  }
}
