/**
 * The signal of one upstream attempt: aborted when the caller's is, or once `ms` have passed. Made of
 * one controller and one timer that `done` lets go of, where `AbortSignal.any([signal,
 * AbortSignal.timeout(ms)])` left a timer running for `ms` after every request (10 s by default, each
 * then aborting a signal nobody waits on) and cost ~20 us a request warm.
 */
export interface Deadline {
  readonly signal: AbortSignal;
  /** The time ran out (not the caller's abort). */
  timedOut(): boolean;
  /** The attempt is over: the timer is cleared and the caller's signal no longer listened to. */
  done(): void;
}

export function deadline(outer: AbortSignal, ms: number): Deadline {
  const controller = new AbortController();
  let expired = false;
  const timer = setTimeout(() => {
    expired = true;
    controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError'));
  }, ms);
  // Like AbortSignal.timeout's: a pending attempt's timer alone does not keep the process alive.
  timer.unref();
  const forward = () => controller.abort(outer.reason);
  if (outer.aborted) forward();
  else outer.addEventListener('abort', forward, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => expired,
    done: () => {
      clearTimeout(timer);
      outer.removeEventListener('abort', forward);
    },
  };
}
