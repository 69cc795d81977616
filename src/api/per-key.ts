import type { Dispatcher } from 'undici';
import { KeyBusyError } from './errors.js';
import type { Requester } from './pool.js';

export interface PerKeyLimits {
  /** Most requests of one key on the shared requester at once; the rest wait in the key's queue. */
  maxInFlight: number;
  /** Most requests of one key waiting; past it a request fails at once with KeyBusyError. */
  maxQueued: number;
}

export const DEFAULT_PER_KEY_LIMITS: PerKeyLimits = { maxInFlight: 8, maxQueued: 256 };

interface KeyState {
  inFlight: number;
  /** Wakes the requests waiting for a slot, oldest first. */
  queue: (() => void)[];
}

/**
 * Fairness among the keys that share one requester (hosted mode: every caller key on one undici Pool of
 * 32 connections). Without it, one key whose requests hang upstream held every connection, and another
 * key's next call waited as long as they did (9 s measured with 150 hung calls). Each key gets at most
 * `maxInFlight` requests on the shared requester; its further requests wait in its own bounded queue, in
 * order, so a key can only ever slow itself. A slot is held until the answer's body is read or destroyed:
 * until then the connection is busy.
 */
export class PerKeyLimiter {
  private readonly keys = new Map<string, KeyState>();

  constructor(
    private readonly shared: Requester,
    private readonly limits: PerKeyLimits = DEFAULT_PER_KEY_LIMITS,
  ) {}

  /** The requester one key's client uses; closing it leaves the shared one to its owner. */
  forKey(tag: string): Requester {
    const { shared } = this;
    return {
      request: (options) => this.request(tag, options),
      close: async () => undefined,
      ...(shared.ready ? { ready: () => shared.ready?.() ?? Promise.resolve() } : {}),
    };
  }

  /** Requests of `tag` in flight and waiting; for tests and metrics. */
  load(tag: string): { inFlight: number; queued: number } {
    const state = this.keys.get(tag);
    return { inFlight: state?.inFlight ?? 0, queued: state?.queue.length ?? 0 };
  }

  private async request(tag: string, options: Dispatcher.RequestOptions): Promise<Dispatcher.ResponseData> {
    await this.acquire(tag, options.signal as AbortSignal | undefined);
    let response: Dispatcher.ResponseData;
    try {
      response = await this.shared.request(options);
    } catch (error) {
      this.release(tag);
      throw error;
    }
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      this.release(tag);
    };
    // 'close' follows the end of a body read whole, and its destruction (cut, aborted, failed).
    response.body.once('close', release);
    if (response.body.destroyed) release();
    return response;
  }

  private acquire(tag: string, signal: AbortSignal | undefined): Promise<void> {
    let state = this.keys.get(tag);
    if (!state) {
      state = { inFlight: 0, queue: [] };
      this.keys.set(tag, state);
    }
    if (state.inFlight < this.limits.maxInFlight) {
      state.inFlight += 1;
      return Promise.resolve();
    }
    if (state.queue.length >= this.limits.maxQueued)
      return Promise.reject(new KeyBusyError(this.limits.maxInFlight, this.limits.maxQueued));
    if (signal?.aborted) return Promise.reject(signal.reason);
    const queue = state.queue;
    return new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        const at = queue.indexOf(waiter);
        if (at >= 0) queue.splice(at, 1);
        this.forgetIfIdle(tag);
        reject(signal?.reason);
      };
      const waiter = () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      queue.push(waiter);
    });
  }

  private release(tag: string): void {
    const state = this.keys.get(tag);
    if (!state) return;
    // The slot passes straight to the next waiter of the same key, if any.
    const next = state.queue.shift();
    if (next) {
      next();
      return;
    }
    state.inFlight -= 1;
    this.forgetIfIdle(tag);
  }

  private forgetIfIdle(tag: string): void {
    const state = this.keys.get(tag);
    if (state && state.inFlight === 0 && state.queue.length === 0) this.keys.delete(tag);
  }
}
