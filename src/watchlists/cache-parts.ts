// The parts of a refresh as a look at the cache asks them (request-tally.ts, cacheOnly): one after
// another as the refresh asks them, nothing sent, a part the cache cannot answer failing alone.
import type { ApiResult } from '../api/client.js';
import { ApiError } from '../api/errors.js';
import { requestsSpent } from '../api/request-tally.js';
import type { Parts } from './upstream.js';

export class CacheParts implements Parts {
  readonly failures: { section: string; error: string }[] = [];

  constructor(private readonly signal: AbortSignal) {}

  async required<T>(_label: string, request: (signal: AbortSignal) => Promise<ApiResult<T>>): Promise<T> {
    return (await request(this.signal)).data;
  }

  async optional<T>(label: string, request: (signal: AbortSignal) => Promise<ApiResult<T>>) {
    try {
      return (await request(this.signal)).data;
    } catch (error) {
      if (this.signal.aborted || !(error instanceof ApiError)) throw error;
      this.failures.push({ section: label, error: error.message });
      return undefined;
    }
  }

  cost() {
    return requestsSpent();
  }
}
