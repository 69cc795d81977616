import type { ApiClient } from '../api/client.js';
import { parseEnumRoles } from '../api/enums.js';
import { ApiError, InvalidArgumentError } from '../api/errors.js';
import { nearest } from '../domain/nearest.js';
import { FAMILY_LABELS, roleByName, roleNames, roleWithLabel } from '../domain/role-labels.js';
import { familyByWord } from '../domain/role-words.js';
import { ROLE_FAMILIES, ROLE_KEYS, type RoleFamily } from '../domain/roles.js';
import { fold } from '../lib/fold.js';

export interface ResolvedRole {
  /** The key sent upstream: the current key, also for a renamed one. */
  key: string;
  /** Set when the caller used a key the API renamed. */
  renamedFrom?: string;
}

export interface ResolvedRoles {
  keys: string[];
  /** Each renamed key the caller used, with its current key. */
  renamed: { from: string; to: string }[];
  /** Each position word widened to its family's roles ("CB" → the four centre-back roles). */
  families: { word: string; family: RoleFamily }[];
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
    const family = familyByWord(input);
    if (family) {
      const keys = ROLE_FAMILIES[family];
      throw new InvalidArgumentError(
        argument,
        `"${input}" names a position (${FAMILY_LABELS[family].toLowerCase()}), not one role: ${keys.map(roleWithLabel).join(', ')}.`,
        [...keys],
        { kind: 'position', word: input },
      );
    }
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
      `"${input}" is not a role${unread}. Closest: ${suggestions.map(roleWithLabel).join(', ')}.`,
      suggestions,
      { kind: 'roles' },
    );
  }

  /** Several roles; a position word ("CB", "wingers") stands for every role of its family. */
  async resolveAll(
    inputs: readonly string[],
    signal?: AbortSignal,
    argument = 'roles',
  ): Promise<ResolvedRoles> {
    const out: ResolvedRoles = { keys: [], renamed: [], families: [] };
    for (const input of inputs) {
      const family = roleByName(input) ? undefined : familyByWord(input);
      if (family) {
        out.families.push({ word: input, family });
        out.keys.push(...ROLE_FAMILIES[family]);
        continue;
      }
      const role = await this.resolve(input, signal, argument);
      out.keys.push(role.key);
      if (role.renamedFrom) out.renamed.push({ from: role.renamedFrom, to: role.key });
    }
    out.keys = [...new Set(out.keys)];
    return out;
  }

  private async liveRoles(signal?: AbortSignal) {
    const current = new Set<string>();
    const renamed = new Map<string, string>();
    let read = true;
    try {
      const { data } = await this.api.enums({ signal });
      for (const role of parseEnumRoles(data, this.api.aliases)) {
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
