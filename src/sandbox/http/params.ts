// Reading and checking request parameters, from a query string or a JSON body alike. Every failure
// is a 400 that names the parameter.
import type { Access } from '../access.js';
import { type Comp, compByName } from '../data/leagues.js';
import { ROLE_INDEX, resolveRole } from '../data/roles.js';
import { CURRENT_SEASON, SEASON_LABELS, seasonIndex } from '../data/seasons.js';
import { FAMILIES, STAT_INDEX } from '../data/stats.js';
import { badRequest } from './errors.js';

/** Absent, null and empty strings all mean "not given". */
export function given(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '';
}

export function text(
  value: unknown,
  name: string,
  options: { required?: boolean; min?: number; max?: number } = {},
) {
  if (!given(value)) {
    if (options.required) throw badRequest(name, `parameter "${name}" is required`);
    return undefined;
  }
  if (typeof value !== 'string') throw badRequest(name, `parameter "${name}" must be a string`);
  const trimmed = value.trim();
  if (options.min !== undefined && trimmed.length < options.min) {
    throw badRequest(name, `parameter "${name}" must have at least ${options.min} characters`);
  }
  if (options.max !== undefined && trimmed.length > options.max) {
    throw badRequest(name, `parameter "${name}" must have at most ${options.max} characters`);
  }
  return trimmed;
}

export function integer(value: unknown, name: string, min: number, max: number, fallback: number): number;
export function integer(value: unknown, name: string, min: number, max: number): number | undefined;
export function integer(value: unknown, name: string, min: number, max: number, fallback?: number) {
  const n = number(value, name, min, max);
  if (n === undefined) return fallback;
  if (!Number.isInteger(n))
    throw badRequest(name, `parameter "${name}" must be an integer from ${min} to ${max}`);
  return n;
}

export function number(value: unknown, name: string, min: number, max: number): number | undefined {
  if (!given(value)) return undefined;
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && value.trim() !== ''
        ? Number(value)
        : Number.NaN;
  if (!Number.isFinite(n) || n < min || n > max) {
    throw badRequest(name, `parameter "${name}" must be a number from ${min} to ${max}`);
  }
  return n;
}

export function limit(value: unknown, fallback = 20, max = 100, name = 'limit'): number {
  return integer(value, name, 1, max, fallback);
}

/** Season index; the current season when not given. */
export function season(value: unknown, name = 'saison'): number {
  if (!given(value)) return CURRENT_SEASON;
  if (typeof value !== 'string')
    throw badRequest(name, `parameter "${name}" must be a season label like "25-26"`);
  const index = seasonIndex(value.trim());
  if (index === 'format') {
    throw badRequest(
      name,
      `parameter "${name}" must be a season label of the form "25-26" (two-digit years, hyphen)`,
    );
  }
  if (index === 'uncovered') {
    throw badRequest(name, `season "${value}" is not covered; covered seasons: ${SEASON_LABELS.join(', ')}`);
  }
  return index;
}

/** A league or cup by name (case and accents ignored); 400 if unknown, 403 if outside the key. */
export function league(value: unknown, access: Access, name = 'league'): Comp | undefined {
  const label = text(value, name);
  if (label === undefined) return undefined;
  const comp = compByName(label);
  if (!comp) throw badRequest(name, `unknown league "${label}"; GET /v1/leagues lists the league names`);
  access.assertComp(comp);
  return comp;
}

export interface RoleChoice {
  readonly key: string;
  readonly index: number;
  readonly requested: string;
}

export function role(value: unknown, name = 'role'): RoleChoice {
  const requested = text(value, name, { required: true }) as string;
  return roleOf(requested, name);
}

export function roleOf(requested: string, name: string): RoleChoice {
  const key = resolveRole(requested);
  if (!key) throw badRequest(name, `unknown role "${requested}"; GET /v1/enums lists the role keys`);
  return { key, index: ROLE_INDEX.get(key) ?? 0, requested };
}

export function statistic(value: unknown, name: string): number {
  const key = text(value, name, { required: true }) as string;
  const index = STAT_INDEX.get(key);
  if (index === undefined)
    throw badRequest(name, `unknown statistic "${key}"; GET /v1/enums lists the statistics`);
  return index;
}

export function position(value: unknown, name = 'position'): number | undefined {
  const key = text(value, name);
  if (key === undefined) return undefined;
  const index = FAMILIES.indexOf(key as (typeof FAMILIES)[number]);
  if (index < 0) throw badRequest(name, `unknown position "${key}"; one of ${FAMILIES.join(', ')}`);
  return index;
}

/** A list given as a JSON array or as a comma-separated string. */
export function list(value: unknown, name: string): string[] | undefined {
  if (!given(value)) return undefined;
  if (typeof value === 'string')
    return value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value as string[];
  throw badRequest(name, `parameter "${name}" must be an array of strings`);
}
