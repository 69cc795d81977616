// Requests sent for a key outside any tool run (the check of a caller's key when its session opens),
// which no answer's tally counts: kept per key until an answer of that key tells them, so an agent that
// counts what its answers say it spent can account for every request its key was charged.
import { LRUCache } from 'lru-cache';
import { atMost } from '../lib/bounded-map.js';

export interface UntoldSpending {
  sent: number;
  /** What they were and why, in words: "GET /v1/leagues, the check of this key when a session opened". */
  why: string;
}

/** Keys remembered: the least recently charged go first (a forgotten one is only not told). */
const MOST_KEYS = 10_000;

export class UntoldRequests {
  private readonly byKey = new LRUCache<string, UntoldSpending[]>(atMost(MOST_KEYS));

  /** `sent` requests (0 adds nothing) spent for the key `tag` outside any answer. */
  add(tag: string, sent: number, why: string): void {
    if (sent <= 0) return;
    const kept = this.byKey.get(tag) ?? [];
    const same = kept.find((k) => k.why === why);
    if (same) same.sent += sent;
    else this.byKey.set(tag, [...kept, { sent, why }]);
  }

  /** Whether the key `tag` spent anything outside any answer that no answer has told yet. */
  has(tag: string): boolean {
    return this.byKey.has(tag);
  }

  /** What the key `tag` spent outside any answer since last asked; told once. */
  take(tag: string): UntoldSpending[] {
    const kept = this.byKey.get(tag) ?? [];
    this.byKey.delete(tag);
    return kept;
  }
}

/** One key's side of the ledger, as the answers of that key read and the key check writes it. */
export interface UntoldLedger {
  add(sent: number, why: string): void;
  take(): UntoldSpending[];
  /** Whether `take` would give anything. */
  pending(): boolean;
}

export function ledgerOf(untold: UntoldRequests, tag: string): UntoldLedger {
  return {
    add: (sent, why) => untold.add(tag, sent, why),
    take: () => untold.take(tag),
    pending: () => untold.has(tag),
  };
}
