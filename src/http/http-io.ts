import type { IncomingMessage, ServerResponse } from 'node:http';
import { nestsDeeperThan, tooDeepMessage } from './json-depth.js';

export type ReadResult =
  | { value: unknown; error?: undefined }
  | { error: { status: number; message: string; code?: number; headers?: Record<string, string> } };

/**
 * The bytes of request bodies held while they are received, over every request: what uploads that stop
 * short of their end can hold at most (each one is also cut by the server's request timeout).
 */
export class BodyBudget {
  private held = 0;

  constructor(readonly limit: number) {}

  get used(): number {
    return this.held;
  }

  take(bytes: number): boolean {
    if (this.held + bytes > this.limit) return false;
    this.held += bytes;
    return true;
  }

  give(bytes: number): void {
    this.held -= bytes;
  }
}

/** What a caller refused by the budget is told to wait: bodies in flight end or are cut by then, mostly. */
const BUDGET_RETRY_AFTER_S = 5;

/** What a JSON body may be: at most `maxBytes` long, at most `maxDepth` arrays and objects deep. */
export interface BodyLimits {
  maxBytes: number;
  maxDepth: number;
}

/**
 * Reads a JSON body of at most `maxBytes`; a larger one is a 413, an unparsable one or one nested past
 * `maxDepth` a 400. Chunks are held against `budget` while the body comes in: a chunk past it refuses the
 * request at once (503, Retry-After, the connection closed after the answer) and the rest of its body is
 * read and dropped.
 */
export function readJson(
  req: IncomingMessage,
  { maxBytes, maxDepth }: BodyLimits,
  budget?: BodyBudget,
): Promise<ReadResult> {
  const tooLarge = { error: { status: 413, message: `Request body larger than ${maxBytes} bytes` } };
  if (Number(req.headers['content-length'] ?? 0) > maxBytes) return Promise.resolve(tooLarge);
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let held = 0;
    let over = false;
    const settle = (result: ReadResult) => {
      req.off('data', onData).off('end', onEnd).off('error', onGone).off('close', onGone);
      budget?.give(held);
      held = 0;
      chunks.length = 0;
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      // Keep draining past the limit (without storing) so the 413 reaches the client.
      if (size > maxBytes) {
        over = true;
        chunks.length = 0;
        budget?.give(held);
        held = 0;
        return;
      }
      if (!budget) return void chunks.push(chunk);
      if (budget.take(chunk.length)) {
        held += chunk.length;
        return void chunks.push(chunk);
      }
      settle({
        error: {
          status: 503,
          message:
            `Server busy: request bodies being received hold all of the ${budget.limit} bytes allowed ` +
            `(FOOTBALL_MCP_BODY_BUDGET_BYTES, --body-budget-bytes); retry in ${BUDGET_RETRY_AFTER_S} s`,
          headers: { 'retry-after': String(BUDGET_RETRY_AFTER_S), connection: 'close' },
        },
      });
      // The rest of the body is read and dropped: nothing more of it is held.
      req.resume();
    };
    const onEnd = () => {
      if (over) return settle(tooLarge);
      const text = Buffer.concat(chunks).toString('utf8');
      if (nestsDeeperThan(text, maxDepth)) {
        return settle({ error: { status: 400, code: -32600, message: tooDeepMessage(maxDepth) } });
      }
      try {
        settle({ value: JSON.parse(text) as unknown });
      } catch {
        settle({ error: { status: 400, message: 'Parse error: the body is not JSON' } });
      }
    };
    // Cut before its end: the request timeout, or the caller went away. Nobody is left to answer.
    const onGone = () =>
      settle({ error: { status: 408, message: 'Request body not received in time, or the caller left' } });
    req.on('data', onData).on('end', onEnd).on('error', onGone).on('close', onGone);
  });
}

export function json(
  res: ServerResponse,
  status: number,
  payload: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(payload);
  // With its length: without it Node sends the body chunked.
  res
    .writeHead(status, {
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(text)),
      ...headers,
    })
    .end(text);
}

/**
 * A JSON-RPC error body, as MCP clients expect from the endpoint: -32700 (parse error) for a 400 and
 * -32000 otherwise, unless `code` says which.
 */
export function reject(
  res: ServerResponse,
  status: number,
  message: string,
  headers: Record<string, string> = {},
  code = status === 400 ? -32700 : -32000,
): void {
  if (res.destroyed) return;
  json(res, status, { jsonrpc: '2.0', error: { code, message }, id: null }, headers);
}
