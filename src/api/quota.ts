import { QuotaExhaustedError } from './errors.js';

/** What the upstream last said of the daily quota. `null` limit/remaining with `unlimited` = no cap. */
export interface Quota {
  limit: number | null;
  remaining: number | null;
  reset: string | null;
  unlimited: boolean;
  /** When the last X-RateLimit-* headers were read; null before the first upstream answer. */
  observed_at: string | null;
}

type HeaderValue = string | string[] | undefined;
export type HeaderBag = Record<string, HeaderValue>;

const UNLIMITED = /^(unlimited|none|infinity|inf|-1)$/i;

function headerText(headers: HeaderBag, name: string): string | undefined {
  const value = headers[name] ?? headers[name.toLowerCase()];
  const text = Array.isArray(value) ? value[0] : value;
  return text?.trim() || undefined;
}

function readCount(text: string | undefined): number | 'unlimited' | undefined {
  if (text === undefined) return undefined;
  if (UNLIMITED.test(text)) return 'unlimited';
  const n = Number(text);
  return Number.isFinite(n) && n >= 0 ? Math.floor(n) : undefined;
}

function readReset(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  // ISO 8601 per the spec; epoch seconds are accepted too since some gateways rewrite the header.
  const date = /^\d{9,11}$/.test(text) ? new Date(Number(text) * 1000) : new Date(text);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/**
 * Tracks the daily quota of one API key from the X-RateLimit-* headers of every upstream answer,
 * and refuses locally (no upstream call) while the quota is spent and its reset lies ahead.
 */
export class QuotaTracker {
  private state: Quota = { limit: null, remaining: null, reset: null, unlimited: false, observed_at: null };

  constructor(private readonly now: () => number = Date.now) {}

  /**
   * Reads the headers of an upstream answer, errors included. A 401 is skipped: it was not
   * counted against this key, and its headers (often zeros) would otherwise lock the key out.
   */
  observe(status: number, headers: HeaderBag): void {
    if (status === 401) return;
    const limit = readCount(headerText(headers, 'x-ratelimit-limit'));
    const remaining = readCount(headerText(headers, 'x-ratelimit-remaining'));
    const reset = readReset(headerText(headers, 'x-ratelimit-reset'));
    if (limit === undefined && remaining === undefined && reset === undefined) {
      if (status === 429) this.state = { ...this.state, remaining: 0, observed_at: this.stamp() };
      return;
    }
    const unlimited = limit === 'unlimited' || remaining === 'unlimited';
    this.state = {
      limit: typeof limit === 'number' ? limit : unlimited ? null : this.state.limit,
      remaining: typeof remaining === 'number' ? remaining : unlimited ? null : status === 429 ? 0 : null,
      reset: reset ?? this.state.reset,
      unlimited,
      observed_at: this.stamp(),
    };
  }

  current(): Quota {
    return { ...this.state };
  }

  /** Throws QuotaExhaustedError while remaining is 0 and the reset lies in the future. */
  assertAvailable(): void {
    const { remaining, reset } = this.state;
    if (remaining !== 0 || reset === null) return;
    if (Date.parse(reset) > this.now()) throw new QuotaExhaustedError(reset);
  }

  private stamp(): string {
    return new Date(this.now()).toISOString();
  }
}
