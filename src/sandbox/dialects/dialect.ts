// What a dialect is: another faithful reading of the spec, the same data in another shape. It may
// rewrite what the client sends (ids to decode, limits to refuse) before the handler reads it, and
// reshape the body of a 200 answer after. Error bodies never go through `response`. A dialect of the
// wire (how answers travel: compression, content type, header forms, a throttle or a gateway in front)
// uses `gate` and `wire` instead, which see every answer, errors included.
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
  'throttled',
  'compressed',
  'gateway',
  'unit-scale',
  'unicode',
  'paged',
  'camel',
  'resource',
  'slashed',
  'linked',
  'offset',
  'maintenance',
  'display',
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
  /** Headers a 200 answer carries beside its body (a Link, a total), given the body `response` reshapes. */
  responseHeaders?(body: unknown, req: DialectRequest): Record<string, string>;
  /** Once per sandbox: answers some requests itself, after the key is known and before the quota counts them. */
  gate?(): Gate;
  /** Rewrites every answer on its way out, errors included: its headers and its bytes. */
  wire?(answer: WireAnswer, request: { readonly index: number }): WireAnswer;
}

/** An answer as it goes on the wire (`Content-Length` is set from `body` after every rewrite). */
export interface WireAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Buffer;
}

export interface WireRequest {
  /** The request's arrival, 0 = the first the sandbox received. */
  readonly index: number;
  readonly method: string;
  /** The request target as received: path and query string. */
  readonly target: string;
  readonly key: string;
  /** The request body as received. */
  readonly body: string;
  readonly now: Date;
  /** The key's X-RateLimit-* headers as they stand, this request not counted. */
  readonly rateLimit: Readonly<Record<string, string>>;
}

export interface Gate {
  /** An answer of its own for this request, or undefined to let the API answer it. */
  admit(request: WireRequest): WireAnswer | undefined;
}

/** One request's identity: the same request sent again (a retry) has the same. */
export function fingerprint(req: WireRequest): string {
  return `${req.key}\n${req.method} ${req.target}\n${req.body}`;
}

/** Requests a gate remembers (told to wait, failed once) at most: past it the least recently seen go. */
export const GATE_MEMORY = 10_000;

export function jsonAnswer(status: number, headers: Record<string, string>, body: unknown): WireAnswer {
  return {
    status,
    headers: { ...headers, 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
    body: Buffer.from(JSON.stringify(body)),
  };
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
