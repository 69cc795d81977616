// The last line of defence of a hosted server: an error no code path caught (an `error` event nobody
// listened to, a throw in a timer callback) ends a Node process by default, and with it every caller's
// sessions. Each known source is handled where it arises (an upstream body: src/api/body.ts); this only
// catches what slips through, says so on stderr (redacted, with the stack) and keeps serving.
//
// Narrow on purpose: installed once HTTP serving has started (a failure during start still ends the
// start with its error), and only over HTTP: a stdio server belongs to the one client at the other end
// of its pipes, and a broken pipe there must still end it.
import type { Logger } from '../log.js';

/** Counts what the guard caught, for tests and logs; one guard per process. */
export interface ProcessGuard {
  readonly caught: number;
  remove(): void;
}

export function guardWhileServing(logger: Logger): ProcessGuard {
  let caught = 0;
  const report = (what: string) => (error: unknown) => {
    caught++;
    logger.error(`${what} (kept serving; this is a bug, report it)`, {
      error: logger.redact(String((error as Error)?.stack ?? error)),
    });
  };
  const onException = report('uncaught exception');
  const onRejection = report('unhandled rejection');
  process.on('uncaughtException', onException);
  process.on('unhandledRejection', onRejection);
  return {
    get caught() {
      return caught;
    },
    remove() {
      process.off('uncaughtException', onException);
      process.off('unhandledRejection', onRejection);
    },
  };
}
