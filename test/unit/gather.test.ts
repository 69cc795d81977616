import { describe, expect, it } from 'vitest';
import type { ApiResult } from '../../src/api/client.js';
import { ApiError } from '../../src/api/errors.js';
import type { ToolContext } from '../../src/mcp/context.js';
import { Gathering } from '../../tools/kit/gather.js';

const context = { signal: new AbortController().signal, progress: () => undefined } as unknown as ToolContext;

describe('Gathering', () => {
  it('answers a failed required part only once the other parts, stopped, have settled', async () => {
    const gathering = new Gathering(2, context);
    const events: string[] = [];
    // A part that ends only when stopped, a moment later (as a request in flight ends when aborted).
    const slow = gathering.optional('slow', (signal) => {
      return new Promise<ApiResult<string>>((_, reject) => {
        signal.addEventListener('abort', () =>
          setImmediate(() => {
            events.push('slow settled');
            reject(signal.reason);
          }),
        );
      });
    });
    const failing = gathering.required('record', () =>
      Promise.reject(new ApiError('not_found', 'no such player', { status: 404 })),
    );
    await expect(failing.finally(() => events.push('required failed'))).rejects.toThrow('no such player');
    await expect(slow).rejects.toBeDefined();
    expect(events).toEqual(['slow settled', 'required failed']);
  });
});
