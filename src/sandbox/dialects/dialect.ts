// What a dialect is: another faithful reading of the spec, the same data in another shape. It may
// rewrite what the client sends (ids to decode, limits to refuse) before the handler reads it, and
// reshape the body of a 200 answer after. Errors and rate-limit headers never go through it.
// No imports here: src/config.ts reads the names without loading the sandbox.

/** Every dialect, `standard` (today's answers, byte for byte) first. */
export const SANDBOX_DIALECTS = [
  'standard',
  'french',
  'nested',
  'numeric',
  'minimal',
  'bare',
  'capped',
  'unordered',
  'camel',
  'resource',
] as const;
export type DialectName = (typeof SANDBOX_DIALECTS)[number];

export interface DialectRequest {
  readonly method: string;
  /** The route that answers, as registered: `/v1/players/:id/history`. */
  readonly route: string;
  readonly params: Readonly<Record<string, string>>;
  readonly query: URLSearchParams;
  /** The JSON body of a POST (`{}` otherwise). */
  readonly body: Readonly<Record<string, unknown>>;
}

export interface Dialect {
  readonly name: DialectName;
  /** One line for --help and logs. */
  readonly summary: string;
  /** Rewrites the request before the handler reads it; may throw an ApiError (a 4xx). */
  request?(req: DialectRequest): DialectRequest;
  /** Reshapes the body of a 200 answer. Never mutates it: handlers hand out memoized objects. */
  response?(body: unknown, req: DialectRequest): unknown;
}

export type Json = Record<string, unknown>;

export function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Fields that echo what a client sent (resolve-batch `query`, saved presets' `parameters`): data. */
export const ECHOES: ReadonlySet<string> = new Set(['query', 'parameters']);

/** `statistics` holding an object is a map keyed by statistic names, not a record with fields. */
export const isStatisticsMap = (key: string, value: unknown) => key === 'statistics' && isRecord(value);

/** The keys of `obj` that are in `keys`, in the order of `keys`; absent ones are left out. */
export function pick(obj: unknown, keys: readonly string[]): Json {
  const out: Json = {};
  if (!isRecord(obj)) return out;
  for (const k of keys) if (k in obj) out[k] = obj[k];
  return out;
}

/** Lower-case ASCII words joined by `_`: "Ligue 1" → "ligue_1", "Nîmes" → "nimes". */
export function slug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}
