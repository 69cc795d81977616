// Daily quota per key and UTC day, and the X-RateLimit-* headers that go on every response.

export interface QuotaState {
  readonly limit: number | null;
  readonly used: number;
  readonly reset: string;
}

export class QuotaBook {
  private readonly counts = new Map<string, { day: string; used: number }>();

  /** Counts one request for a key; returns the state after it. */
  spend(key: string, limit: number | null, now: Date): QuotaState & { over: boolean } {
    const day = now.toISOString().slice(0, 10);
    let entry = this.counts.get(key);
    if (!entry || entry.day !== day) {
      entry = { day, used: 0 };
      this.counts.set(key, entry);
    }
    entry.used += 1;
    return {
      limit,
      used: entry.used,
      reset: nextUtcMidnight(now),
      over: limit !== null && entry.used > limit,
    };
  }

  /** The state of a key as it stands, this request not counted. */
  peek(key: string, limit: number | null, now: Date): QuotaState {
    const entry = this.counts.get(key);
    const used = entry && entry.day === now.toISOString().slice(0, 10) ? entry.used : 0;
    return { limit, used, reset: nextUtcMidnight(now) };
  }

  reset(): void {
    this.counts.clear();
  }
}

export function nextUtcMidnight(now: Date): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1)).toISOString();
}

export function rateLimitHeaders(
  state: QuotaState | { reset: string; anonymous: true },
): Record<string, string> {
  if ('anonymous' in state) {
    return { 'X-RateLimit-Limit': '0', 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': state.reset };
  }
  if (state.limit === null) {
    return {
      'X-RateLimit-Limit': 'unlimited',
      'X-RateLimit-Remaining': 'unlimited',
      'X-RateLimit-Reset': state.reset,
    };
  }
  return {
    'X-RateLimit-Limit': String(state.limit),
    'X-RateLimit-Remaining': String(Math.max(0, state.limit - state.used)),
    'X-RateLimit-Reset': state.reset,
  };
}
