// The hosted server's last line of defence: what slips through is logged (redacted) and counted, never
// the end of the process.
import { expect, it } from 'vitest';
import { guardWhileServing } from '../../src/app/process-guard.js';
import { createLogger } from '../../src/log.js';

it('logs an uncaught exception and an unhandled rejection, redacted, and keeps the process', () => {
  const lines: string[] = [];
  const logger = createLogger('info', ['key_guarded_123456'], (line) => lines.push(line));
  const guard = guardWhileServing(logger);
  const emit = process.emit.bind(process) as (event: string, ...args: unknown[]) => boolean;
  try {
    emit('uncaughtException', new Error('a stream failed with key_guarded_123456'), 'uncaughtException');
    emit('unhandledRejection', new Error('a promise failed'), Promise.resolve());
  } finally {
    guard.remove();
  }
  expect(guard.caught).toBe(2);
  expect(lines.join('\n')).toMatch(/uncaught exception \(kept serving/);
  expect(lines.join('\n')).toMatch(/unhandled rejection \(kept serving/);
  expect(lines.join('\n')).not.toContain('key_guarded_123456');
});
