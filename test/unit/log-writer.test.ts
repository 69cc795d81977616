// Logs to a stream whose reader is gone (EPIPE: the parent, or the pipe the logs went to, closed): the
// writer stops writing and the failure is handled, never an uncaught exception (which the HTTP process
// guard logged to the same stream, failing again, for ever).
import { Writable } from 'node:stream';
import { expect, it } from 'vitest';
import { createLogger, lineWriter } from '../../src/log.js';

/** A stream every write of which fails as a closed pipe does, counting the writes tried. */
function closedPipe() {
  let tried = 0;
  const stream = new Writable({
    write(_chunk, _encoding, done) {
      tried++;
      done(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
    },
  });
  return { stream, tried: () => tried };
}

it('stops writing once the stream fails, and handles its error', async () => {
  const pipe = closedPipe();
  const failed = new Promise((resolve) => pipe.stream.once('error', resolve));
  const logger = createLogger('info', [], lineWriter(pipe.stream));
  logger.error('first');
  await failed;
  for (let i = 0; i < 100; i++) logger.error(`after ${i}`);
  expect(pipe.tried()).toBe(1);
  // The stream's own listener is the writer's: an `error` event on it throws nothing.
  expect(pipe.stream.listenerCount('error')).toBeGreaterThan(0);
});

it('one listener per stream, however many writers share it', () => {
  const pipe = closedPipe();
  for (let i = 0; i < 5; i++) lineWriter(pipe.stream);
  expect(pipe.stream.listenerCount('error')).toBe(1);
});
