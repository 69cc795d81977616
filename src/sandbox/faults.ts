// Fault injection: the sandbox can misbehave on purpose, like a real upstream on a bad day, so the
// client's timeouts, retries and error messages can be tested. Every random choice is a pure
// function of the sandbox seed and the request's index: the same sequence of requests meets the
// same faults.
import type { ServerResponse } from 'node:http';
import { hashString, unit } from './data/random.js';

export interface FaultOptions {
  /** Added before every answer: a fixed delay, or a delay drawn in [min, max] per request. */
  latencyMs?: number | readonly [number, number];
  /** Share of requests answered with each status, e.g. `{ 503: 0.05 }`; sent without rate-limit headers, as a gateway would. */
  errors?: Readonly<Record<number, number>>;
  /** Share of requests whose connection is dropped before any answer. */
  reset?: number;
  /** Share of answers cut in the middle of the body, then the connection dropped. */
  truncate?: number;
  /** Share of answers whose body is not JSON (a complete, well-framed body). */
  malformed?: number;
  /** Share of answers sent in DRIP_CHUNKS chunks, `dripMs` apart. */
  drip?: number;
  /** Pause between two chunks of a slow-drip answer. Default 250. */
  dripMs?: number;
  /** 429 storms: `length` requests in every `every` (by index) answered 429 with Retry-After. */
  storm?: { every: number; length: number; retryAfterS?: number };
}

export type FaultKind = 'error' | 'reset' | 'truncate' | 'malformed' | 'drip' | 'storm';

export interface FaultPlan {
  latencyMs: number;
  kind?: FaultKind;
  /** The status of an `error` fault. */
  status?: number;
}

const DRIP_CHUNKS = 8;
const TAG_KIND = 0x0fa17;
const TAG_LATENCY = 0x0fa18;

export class Faults {
  private readonly seed: number;
  /** Cumulative shares: a draw below `upTo` picks the fault. */
  private readonly table: { upTo: number; kind: FaultKind; status?: number }[] = [];

  constructor(
    private readonly options: FaultOptions,
    seed: string,
  ) {
    this.seed = hashString(`faults:${seed}`);
    let total = 0;
    const add = (share: number | undefined, kind: FaultKind, status?: number) => {
      if (share === undefined || share === 0) return;
      if (!(share > 0 && share <= 1)) throw new Error(`fault share of ${status ?? kind} must be in [0, 1]`);
      total += share;
      this.table.push({ upTo: total, kind, ...(status !== undefined ? { status } : {}) });
    };
    for (const [status, share] of Object.entries(options.errors ?? {})) {
      const code = Number(status);
      if (!Number.isInteger(code) || code < 400 || code > 599) {
        throw new Error(`fault status "${status}" must be a 4xx or 5xx status`);
      }
      add(share, 'error', code);
    }
    add(options.reset, 'reset');
    add(options.truncate, 'truncate');
    add(options.malformed, 'malformed');
    add(options.drip, 'drip');
    if (total > 1 + 1e-9) throw new Error(`fault shares add up to ${total}, more than 1`);
    const storm = options.storm;
    if (storm && !(storm.every >= 1 && storm.length >= 0 && storm.length <= storm.every)) {
      throw new Error('fault storm needs 0 <= length <= every');
    }
  }

  /** What happens to the request with this index (0 = the first the sandbox received). */
  plan(index: number): FaultPlan {
    const latencyMs = this.latency(index);
    const storm = this.options.storm;
    if (storm && index % storm.every < storm.length) return { latencyMs, kind: 'storm' };
    const draw = unit(this.seed, TAG_KIND, index);
    const row = this.table.find((r) => draw < r.upTo);
    if (!row) return { latencyMs };
    return { latencyMs, kind: row.kind, ...(row.status !== undefined ? { status: row.status } : {}) };
  }

  get retryAfterS(): number {
    return this.options.storm?.retryAfterS ?? 1;
  }

  /** Writes `body` as the body of `res` the way `kind` says (truncated, dripped, or whole). */
  writeBody(res: ServerResponse, body: Buffer, kind: FaultKind | undefined): void {
    if (kind === 'truncate') {
      res.write(body.subarray(0, Math.floor(body.length / 2)));
      res.socket?.destroy();
      return;
    }
    if (kind === 'drip') {
      this.drip(res, body);
      return;
    }
    res.end(body);
  }

  /** A body that is not JSON, of the same framing as a real one. */
  static malformed(text: string): string {
    return `${text.slice(0, Math.floor(text.length / 3))}<!-- upstream proxy error -->`;
  }

  private drip(res: ServerResponse, body: Buffer): void {
    const size = Math.ceil(body.length / DRIP_CHUNKS) || 1;
    let offset = 0;
    const next = () => {
      if (res.destroyed) return;
      const chunk = body.subarray(offset, offset + size);
      offset += size;
      if (offset >= body.length) {
        res.end(chunk);
        return;
      }
      res.write(chunk);
      const timer = setTimeout(next, this.options.dripMs ?? 250);
      res.once('close', () => clearTimeout(timer));
    };
    next();
  }

  private latency(index: number): number {
    const latency = this.options.latencyMs;
    if (latency === undefined) return 0;
    if (typeof latency === 'number') return latency;
    const [min, max] = latency;
    return Math.round(min + unit(this.seed, TAG_LATENCY, index) * (max - min));
  }
}

/**
 * Reads the command-line form, e.g. `latency=20-80,503=0.05,500=0.02,reset=0.02,truncate=0.02,
 * malformed=0.02,drip=0.02,drip-ms=200,storm=5/100,retry-after=1`.
 */
export function parseFaults(spec: string): FaultOptions {
  const options: FaultOptions = {};
  const errors: Record<number, number> = {};
  let storm: { every: number; length: number } | undefined;
  let retryAfterS: number | undefined;
  for (const part of spec
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [name = '', value = ''] = part.split('=', 2).map((s) => s.trim());
    const number = (text: string) => {
      const n = Number(text);
      if (text === '' || !Number.isFinite(n) || n < 0) throw new Error(`faults: "${part}" needs a number`);
      return n;
    };
    if (/^\d{3}$/.test(name)) errors[Number(name)] = number(value);
    else if (name === 'latency') {
      const [min = '', max] = value.split('-');
      options.latencyMs = max === undefined ? number(min) : [number(min), number(max)];
    } else if (name === 'reset' || name === 'truncate' || name === 'malformed' || name === 'drip') {
      options[name] = number(value);
    } else if (name === 'drip-ms') options.dripMs = number(value);
    else if (name === 'storm') {
      const [length = '', every = ''] = value.split('/');
      storm = { length: number(length), every: number(every) };
    } else if (name === 'retry-after') retryAfterS = number(value);
    else
      throw new Error(
        `faults: unknown "${name}"; use latency, a status (e.g. 503), reset, truncate, malformed, drip, drip-ms, storm, retry-after`,
      );
  }
  if (Object.keys(errors).length > 0) options.errors = errors;
  if (storm) options.storm = { ...storm, ...(retryAfterS !== undefined ? { retryAfterS } : {}) };
  return options;
}
