import type Keyv from 'keyv';
import { nextTurn } from './cache.js';
import { QuotaExhaustedError } from './errors.js';
import { readResetTime } from './reset-time.js';

/** What the upstream last said of the daily quota. `null` limit/remaining with `unlimited` = no cap. */
export interface Quota {
  limit: number | null;
  remaining: number | null;
  reset: string | null;
  unlimited: boolean;
  /** When the last X-RateLimit-* headers were read; null before the first upstream answer. */
  observed_at: string | null;
  /**
   * True when `reset` is not the API's word but our assumption: a 429 of the spent quota came without
   * X-RateLimit-Reset (and no reset ahead was known), and the quota is daily, so the next UTC midnight.
   */
  reset_assumed?: true;
  /** The last X-RateLimit-Reset that could not be read as a time, as sent (printable, cut short). */
  reset_unreadable?: string;
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

/** Where the quota of one key is shared with other clients of the same key (other sessions, replicas). */
export interface SharedQuota {
  store: Keyv;
  /** The key's tag (canonical.ts keyTag), never the key. */
  tag: string;
  /** Told of every state this tracker publishes; for metrics. */
  onChange?: (tag: string, quota: Quota) => void;
  /** Writes not finished yet, of every tracker given the same set: a shutdown waits for them. */
  writes?: Set<Promise<unknown>>;
  /**
   * Trackers holding a state not written yet (while plenty is left, see `publish`): a shutdown calls
   * their `settled` first, which writes it at once, then waits for `writes`.
   */
  pending?: Set<QuotaTracker>;
}

/**
 * The quota to print beside an answer: the tracker's state as it stands at the answer's end, unless the
 * run's own was observed after it. A run's result carries the state its main request brought, and a
 * request sent after it (a league list for a note, a concurrent call of the same key) spends more.
 */
export function quotaAtAnswer(run: Quota, tracked: Quota): Quota {
  return tracked.observed_at !== null && tracked.observed_at >= (run.observed_at ?? '') ? tracked : run;
}

/** How long the quota reported with an answer may go without reading what others observed (see `reported`). */
export const ADOPT_EVERY_MS = 1000;
/** At or below this many requests left, every upstream request first reads what others observed. */
export const LOW_REMAINING = 20;
/** Answers this close together may have been sent side by side and arrive in any order. */
const OUT_OF_ORDER_MS = 2_000;

// Long enough to outlive a daily reset; a key not seen for two days is forgotten.
const SHARED_TTL_MS = 2 * 86_400_000;

/**
 * Tracks the daily quota of one API key from the X-RateLimit-* headers of every upstream answer,
 * and refuses locally (no upstream call) while the quota is spent and its reset lies ahead.
 * With a SharedQuota, observations are published to the store (every one while the quota is low, the
 * latest at most once a second while plenty is left) and `sync` adopts a newer observation made
 * elsewhere (last observation wins).
 */
export class QuotaTracker {
  private state: Quota = { limit: null, remaining: null, reset: null, unlimited: false, observed_at: null };
  private publishing: Promise<unknown> = Promise.resolve();
  /**
   * Up to when this tracker knows every observation that could win over its own: its last read of the
   * store, or its own last observation, whichever is later (one stored before it is older, and the
   * last observation wins).
   */
  private knownAt = Number.NEGATIVE_INFINITY;
  /** When the last write was started, and whether a newer state waits for the next one. */
  private writtenAt = Number.NEGATIVE_INFINITY;
  private unwritten = false;
  /** A write is on its way and has not read the state yet. */
  private queued = false;
  private later: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly shared?: SharedQuota,
  ) {}

  /**
   * Reads the headers of an upstream answer, errors included. A 401 is skipped: it was not
   * counted against this key, and its headers (often zeros) would otherwise lock the key out.
   */
  observe(status: number, headers: HeaderBag): void {
    if (status === 401) return;
    const limit = readCount(headerText(headers, 'x-ratelimit-limit'));
    const remaining = readCount(headerText(headers, 'x-ratelimit-remaining'));
    const resetText = headerText(headers, 'x-ratelimit-reset');
    const reading = resetText === undefined ? undefined : readResetTime(resetText, this.now());
    const reset = reading && 'at' in reading ? reading.at : undefined;
    const unreadable = reading && 'unreadable' in reading ? reading.unreadable : undefined;
    if (limit === undefined && remaining === undefined && reading === undefined) {
      // Without quota headers, a 429 that asks to retry shortly is a burst limit (a gateway's, say),
      // not the daily quota: latching remaining=0 would lock the key out until the reset.
      if (status === 429 && headerText(headers, 'retry-after') === undefined) {
        this.state = this.assumingReset(
          { ...this.state, remaining: 0, observed_at: this.observed() },
          status,
        );
        this.publish();
      }
      return;
    }
    const unlimited = limit === 'unlimited' || remaining === 'unlimited';
    // A reset kept from an earlier answer stays what it was: the API's, or assumed (while it lies ahead;
    // past, an assumption tells nothing).
    const assumed = reset === undefined && this.state.reset_assumed === true;
    const kept = assumed && Date.parse(this.state.reset ?? '') > this.now();
    this.state = this.assumingReset(
      {
        limit: typeof limit === 'number' ? limit : unlimited ? null : this.state.limit,
        remaining:
          typeof remaining === 'number'
            ? this.notAbove(remaining, reset, limit)
            : unlimited
              ? null
              : status === 429
                ? 0
                : null,
        // An unreadable reset keeps the earlier one (the quota's reset rarely moves), and is said beside it.
        reset: reset ?? (assumed && !kept ? null : this.state.reset),
        unlimited,
        observed_at: this.observed(),
        ...(kept ? { reset_assumed: true as const } : {}),
        ...(unreadable !== undefined ? { reset_unreadable: unreadable } : {}),
      },
      status,
    );
    this.publish();
  }

  /**
   * Answers to requests sent side by side arrive in any order: within one quota period (the same reset
   * and limit) an answer counting more left than one seen before was counted earlier, so the lower count
   * stays. A new reset or limit (a new day, another plan) is taken as it comes.
   */
  private notAbove(remaining: number, reset: string | undefined, limit: unknown): number {
    const { remaining: before, reset: knownReset, limit: knownLimit, observed_at } = this.state;
    const samePeriod = reset !== undefined && reset === knownReset && limit === knownLimit;
    // Only among answers arriving together: a count that rises later is the API's (a plan topped up).
    const together = observed_at !== null && this.now() - Date.parse(observed_at) < OUT_OF_ORDER_MS;
    return samePeriod && together && before !== null && before < remaining ? before : remaining;
  }

  /**
   * A 429 at remaining 0 with no reset ahead (none given, or the one known has passed) would refuse
   * nothing, and every later call would still be sent and refused. The quota is daily: assume the next
   * UTC midnight, marked as assumed, until an answer says otherwise.
   */
  private assumingReset(state: Quota, status: number): Quota {
    if (status !== 429 || state.remaining !== 0) return state;
    if (state.reset !== null && Date.parse(state.reset) > this.now()) return state;
    const midnight = new Date(this.now());
    midnight.setUTCHours(24, 0, 0, 0);
    return { ...state, reset: midnight.toISOString(), reset_assumed: true };
  }

  current(): Quota {
    return { ...this.state };
  }

  /** Waits for this tracker's writes, then adopts the store's state if it was observed later. */
  async sync(): Promise<Quota> {
    await this.settled();
    await this.adopt();
    return this.current();
  }

  /**
   * The quota to report beside an answer: this tracker's, adopting the store's when it was last read,
   * and this tracker last observed one itself, ADOPT_EVERY_MS ago or more: a cache miss reports the
   * state its own answer just brought without a read (four trips to the thread pool on the file store,
   * in the answer's path once a second). Unlike `sync` it does not wait for this tracker's own write, whose
   * state is the newest it knows: on the file store, that wait and a second read were 1-1.5 ms of
   * every cache miss, and a read a part of every hit. Before any upstream request `sync` still reads.
   */
  async reported(): Promise<Quota> {
    if (this.shared && this.now() - this.knownAt >= ADOPT_EVERY_MS) await this.adopt();
    return this.current();
  }

  /**
   * Before an upstream request: `sync` while the quota may be nearly spent (LOW_REMAINING or less
   * left, or not known), so a key another client has used up is refused here; with plenty left,
   * `reported`. Reading the file store is four trips to the thread pool, 2-3 ms of a miss on a busy
   * machine; with plenty left, what another client spent in the last second changes nothing.
   */
  beforeRequest(): Promise<Quota> {
    const { remaining, unlimited } = this.state;
    return unlimited || (remaining !== null && remaining > LOW_REMAINING) ? this.reported() : this.sync();
  }

  /** Writes a state still waiting (see `publish`) at once; resolves once this tracker's writes are done. */
  settled(): Promise<unknown> {
    if (this.unwritten && !this.queued) this.write();
    return this.publishing;
  }

  /** Adopts the store's state if it was observed later than this tracker's. */
  private async adopt(): Promise<void> {
    if (!this.shared) return;
    this.knownAt = this.now();
    const stored = (await this.shared.store.get(this.shared.tag).catch(() => undefined)) as Quota | undefined;
    if (stored?.observed_at && (this.state.observed_at ?? '') < stored.observed_at) {
      this.state = stored;
      this.shared.onChange?.(this.shared.tag, this.current());
    }
  }

  /**
   * Tells onChange, and writes the state for the other clients of the key. While plenty is left, at
   * most once every ADOPT_EVERY_MS (the latest state, at the end of the interval): they read it no more
   * often then (`reported`, `beforeRequest`), and each write on the file store is four trips to the
   * thread pool after every upstream answer, 1.5-2 ms of CPU a cache miss on 2 busy cores. While the
   * quota is low or unknown, every state at once: the others read before each request.
   */
  private publish(): void {
    const shared = this.shared;
    if (!shared) return;
    const state = this.current();
    shared.onChange?.(shared.tag, state);
    // A write on its way has not read the state yet: it takes this one.
    if (this.queued) return;
    const wait = this.writtenAt + ADOPT_EVERY_MS - this.now();
    const plenty = state.unlimited || (state.remaining !== null && state.remaining > LOW_REMAINING);
    if (!plenty || wait <= 0) {
      this.write();
      return;
    }
    this.unwritten = true;
    shared.pending?.add(this);
    this.later ??= setTimeout(() => this.write(), Math.min(wait, ADOPT_EVERY_MS));
    this.later.unref?.();
  }

  /** No state is held back any more: the write on its way takes the latest. */
  private release(): void {
    if (this.later !== undefined) clearTimeout(this.later);
    this.later = undefined;
    this.unwritten = false;
    this.shared?.pending?.delete(this);
  }

  /** Writes the latest state, after the writes before it; a store that is down costs the sharing only. */
  private write(): void {
    const shared = this.shared;
    if (!shared) return;
    this.release();
    this.queued = true;
    this.writtenAt = this.now();
    // The write waits for the answer to go out, then takes the state as it is by then.
    const publishing = this.publishing
      .then(nextTurn)
      .then(() => {
        this.queued = false;
        return shared.store.set(shared.tag, this.current(), SHARED_TTL_MS);
      })
      .catch(() => undefined);
    this.publishing = publishing;
    if (shared.writes) {
      const writes = shared.writes;
      writes.add(publishing);
      void publishing.then(() => writes.delete(publishing));
    }
  }

  /** Throws QuotaExhaustedError while remaining is 0 and the reset lies in the future. */
  assertAvailable(): void {
    const { remaining, reset } = this.state;
    if (remaining !== 0 || reset === null) return;
    if (Date.parse(reset) > this.now())
      throw new QuotaExhaustedError(reset, this.state.reset_assumed === true);
  }

  /** The stamp of an observation made now; what others observed before it cannot win over it. */
  private observed(): string {
    const now = this.now();
    this.knownAt = now;
    return new Date(now).toISOString();
  }
}
