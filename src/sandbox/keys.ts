// API keys of the sandbox. The default keys are fixed and documented so tests, the demo and
// integrators' CI can rely on them; they only ever open the sandbox.
import { readFileSync } from 'node:fs';

export interface SandboxKey {
  key: string;
  plan: string;
  leagues: 'all' | string[];
  dailyLimit: number | null;
  expiresAt?: string;
  revoked?: boolean;
}

export const SANDBOX_DEMO_KEY = 'sbx_demo_0000000000000000';
export const SANDBOX_PRO_LIGUE_KEY = 'sbx_proligue_000000000000';
export const SANDBOX_PRO_FULL_KEY = 'sbx_profull_0000000000000';
export const SANDBOX_EXPIRED_KEY = 'sbx_expired_00000000000000';
export const SANDBOX_REVOKED_KEY = 'sbx_revoked_00000000000000';

export const DEFAULT_KEYS: SandboxKey[] = [
  { key: SANDBOX_DEMO_KEY, plan: 'Demo', leagues: 'all', dailyLimit: 2500 },
  {
    key: SANDBOX_PRO_LIGUE_KEY,
    plan: 'Pro Ligue',
    leagues: ['Ligue 1', 'Ligue 2', 'Première Ligue'],
    dailyLimit: 10000,
  },
  { key: SANDBOX_PRO_FULL_KEY, plan: 'Pro Full', leagues: 'all', dailyLimit: null },
  {
    key: SANDBOX_EXPIRED_KEY,
    plan: 'Pro Full',
    leagues: 'all',
    dailyLimit: null,
    expiresAt: '2025-01-01T00:00:00Z',
  },
  { key: SANDBOX_REVOKED_KEY, plan: 'Pro Ligue', leagues: ['Ligue 1'], dailyLimit: 10000, revoked: true },
];

/** Checks the shape of a list of keys; throws an Error naming the first problem. */
export function validateKeys(value: unknown, source = 'keys'): SandboxKey[] {
  if (!Array.isArray(value)) throw new Error(`${source}: expected a JSON array of keys`);
  const seen = new Set<string>();
  return value.map((item, i) => {
    const where = `${source}[${i}]`;
    if (typeof item !== 'object' || item === null) throw new Error(`${where}: expected an object`);
    const k = item as Record<string, unknown>;
    if (typeof k.key !== 'string' || k.key.length < 8)
      throw new Error(`${where}.key: a string of 8+ characters`);
    if (seen.has(k.key)) throw new Error(`${where}.key: duplicate key`);
    seen.add(k.key);
    if (typeof k.plan !== 'string' || k.plan === '') throw new Error(`${where}.plan: a non-empty string`);
    const leagues = k.leagues;
    if (leagues !== 'all' && !(Array.isArray(leagues) && leagues.every((l) => typeof l === 'string'))) {
      throw new Error(`${where}.leagues: "all" or an array of league names`);
    }
    const limit = k.dailyLimit;
    if (limit !== null && !(typeof limit === 'number' && Number.isInteger(limit) && limit >= 0)) {
      throw new Error(`${where}.dailyLimit: a non-negative integer, or null for unlimited`);
    }
    if (
      k.expiresAt !== undefined &&
      (typeof k.expiresAt !== 'string' || Number.isNaN(Date.parse(k.expiresAt)))
    ) {
      throw new Error(`${where}.expiresAt: an ISO 8601 date`);
    }
    if (k.revoked !== undefined && typeof k.revoked !== 'boolean')
      throw new Error(`${where}.revoked: a boolean`);
    return {
      key: k.key,
      plan: k.plan,
      leagues: leagues === 'all' ? 'all' : [...(leagues as string[])],
      dailyLimit: limit as number | null,
      ...(typeof k.expiresAt === 'string' ? { expiresAt: k.expiresAt } : {}),
      ...(k.revoked === true ? { revoked: true } : {}),
    };
  });
}

/** Reads a JSON file holding an array of SandboxKey. */
export function loadKeysFile(path: string): SandboxKey[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new Error(`cannot read keys file ${path}: ${(error as Error).message}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error(`keys file ${path} is not valid JSON`);
  }
  return validateKeys(value, path);
}

/** What /v1/me shows of a key: its fixed prefix, never the whole key. */
export function keyPrefix(key: string): string {
  return key.slice(0, Math.min(9, Math.floor(key.length / 2)));
}
