// What the Football API has said of each caller key, for the sessions (sessions.ts, modes.ts): a key it
// has accepted opens normal sessions; a key it has not yet accepted opens sessions "on probation" (a
// small budget, a short idle time), so made-up keys cannot fill --max-sessions; a key it refused (401)
// is refused new sessions for a while. Told by the upstream client of each key (src/app/deps.ts).
import { LRUCache } from 'lru-cache';
import { atMost } from '../lib/bounded-map.js';
import { sha256 } from '../lib/canonical.js';

export interface KeyStandingOptions {
  /** How long a key the API answered 401 is refused new sessions, ms; 0 never refuses. */
  refusedMs: number;
  /** Keys remembered on each side (accepted, refused); the least recently told go first. */
  maxKeys: number;
  now?: () => number;
}

export class KeyStanding {
  /** Hashes of accepted keys; the least recently told go first. */
  private readonly accepted: LRUCache<string, true>;
  /** Hashes of refused keys, with the time until which they are refused. */
  private readonly refused: LRUCache<string, number>;
  private readonly now: () => number;

  constructor(private readonly options: KeyStandingOptions) {
    this.accepted = new LRUCache(atMost(options.maxKeys));
    this.refused = new LRUCache(atMost(options.maxKeys));
    this.now = options.now ?? Date.now;
  }

  /** The API answered the key with a success (or its quota is known: only answers to a real key carry it). */
  accept(key: string): void {
    const id = sha256(key);
    this.refused.delete(id);
    this.accepted.set(id, true);
  }

  /** The API answered the key 401: it is unknown, revoked or expired. */
  refuse(key: string): void {
    const id = sha256(key);
    this.accepted.delete(id);
    if (this.options.refusedMs <= 0) return;
    this.refused.set(id, this.now() + this.options.refusedMs);
  }

  isAccepted(key: string): boolean {
    return this.accepted.has(sha256(key));
  }

  /** Milliseconds the key is still refused new sessions; 0 when it is not. */
  refusedFor(key: string): number {
    const id = sha256(key);
    const until = this.refused.peek(id);
    if (until === undefined) return 0;
    const left = until - this.now();
    if (left <= 0) this.refused.delete(id);
    return Math.max(0, left);
  }
}

export type KeyCheckVerdict = 'accepted' | 'refused' | 'unknown' | 'busy';

/**
 * Asks the API about a key not yet seen answered: one request at most per key at a time, and at most
 * `concurrency` keys at once (past it, 'busy'), so a flood of made-up keys costs the upstream a bounded
 * trickle of 401s. Checks in the background (of a session already open on probation) take at most half
 * the slots, so a caller waiting on its check always finds one the background cannot hold.
 */
export class KeyChecks {
  private readonly running = new Map<string, Promise<KeyCheckVerdict>>();
  private background = 0;

  constructor(
    private readonly standing: KeyStanding,
    /** True when the API answered the key with a success (cached answers count: they are per key). */
    private readonly ask: (key: string) => Promise<boolean>,
    private readonly concurrency = 4,
  ) {}

  check(key: string, options: { background?: boolean } = {}): Promise<KeyCheckVerdict> {
    const id = sha256(key);
    const running = this.running.get(id);
    if (running) return running;
    if (this.running.size >= this.concurrency) return Promise.resolve('busy');
    const inBackground = options.background === true;
    if (inBackground && this.background >= Math.max(1, Math.floor(this.concurrency / 2))) {
      return Promise.resolve('busy');
    }
    if (inBackground) this.background += 1;
    const verdict = this.ask(key)
      .catch(() => false)
      .then((ok): KeyCheckVerdict => {
        if (ok) this.standing.accept(key);
        if (ok) return 'accepted';
        return this.standing.refusedFor(key) > 0 ? 'refused' : 'unknown';
      })
      .finally(() => {
        this.running.delete(id);
        if (inBackground) this.background -= 1;
      });
    this.running.set(id, verdict);
    return verdict;
  }
}
