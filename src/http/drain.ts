import type { ServerResponse } from 'node:http';
import { closingError, cutAtGraceMessage } from '../mcp/closing.js';
import { json } from './http-io.js';

type RequestId = string | number;

/** One POST being answered: its response, the JSON-RPC requests it carries, how its answer is framed. */
export interface InFlight {
  /** Records the request ids of the body, once read: those are answered if the call is cut. */
  carries(body: unknown): void;
}

interface Entry extends InFlight {
  res: ServerResponse;
  ids: RequestId[];
  /** The Content-Type the answer was started with, if it was. */
  contentType: string | undefined;
}

/** How long cut answers get to reach their clients before the connections are closed. */
const FLUSH_MS = 1_000;

/**
 * Counts requests in flight so a shutdown can wait for them, up to a bound, and answers those still
 * running at its end with a JSON-RPC error in their stream or body (the SDK, closed, would end them
 * with nothing: HTTP 200 and an empty body).
 */
export class Drain {
  private readonly inFlight = new Set<Entry>();
  private readonly cutOff = new WeakSet<ServerResponse>();
  private closing = false;
  private readonly idleWaiters: (() => void)[] = [];

  get shuttingDown(): boolean {
    return this.closing;
  }

  /** Whether the shutdown answered `res` itself (what the SDK does with it afterwards fails quietly). */
  wasCut(res: ServerResponse): boolean {
    return this.cutOff.has(res);
  }

  /** Counts `res` until it closes (answered, or the client went away). */
  track(res: ServerResponse): InFlight {
    const entry: Entry = {
      res,
      ids: [],
      contentType: undefined,
      carries(body) {
        entry.ids = requestIds(body);
      },
    };
    // The SDK sets its headers in one writeHead call, which getHeader() does not see afterwards.
    const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
    (res as { writeHead: unknown }).writeHead = (...args: unknown[]) => {
      entry.contentType ??= contentTypeIn(args);
      return writeHead(...args);
    };
    this.inFlight.add(entry);
    res.once('close', () => {
      this.inFlight.delete(entry);
      if (this.inFlight.size === 0) for (const wake of this.idleWaiters.splice(0)) wake();
    });
    return entry;
  }

  /**
   * Refuses new work from now on; waits for the requests in flight up to `graceMs`, then answers each
   * one still running with a JSON-RPC error. Resolves with how many were cut (0: all finished).
   */
  async close(graceMs: number): Promise<number> {
    this.closing = true;
    if (this.inFlight.size === 0) return 0;
    let timer: NodeJS.Timeout | undefined;
    const finished = await Promise.race([
      new Promise<boolean>((resolve) => this.idleWaiters.push(() => resolve(true))),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), graceMs);
      }),
    ]);
    clearTimeout(timer);
    if (finished) return 0;
    const message = cutAtGraceMessage(graceMs, 'retry on another replica or after the restart');
    const cut = [...this.inFlight];
    await Promise.all(cut.map((entry) => this.cut(entry, message)));
    return cut.length;
  }

  private async cut({ res, ids, contentType }: Entry, message: string): Promise<void> {
    if (res.writableEnded || res.destroyed) return;
    const framing = contentType ?? String(res.getHeader('content-type') ?? '');
    this.cutOff.add(res);
    // The SDK's writer may still write to it: a late write must fail quietly, not as an 'error' event.
    res.on('error', () => undefined);
    const errors = ids.map((id) => closingError(id, message));
    const flushed = new Promise<void>((resolve) => {
      res.once('finish', resolve).once('close', resolve);
      setTimeout(resolve, FLUSH_MS).unref();
    });
    if (!res.headersSent) {
      if (errors.length === 0) json(res, 503, { error: message }, { connection: 'close' });
      else json(res, 200, errors.length === 1 ? errors[0] : errors, { connection: 'close' });
    } else if (framing.includes('text/event-stream')) {
      res.end(errors.map((e) => `event: message\ndata: ${JSON.stringify(e)}\n\n`).join(''));
    } else {
      res.end();
    }
    await flushed;
  }
}

/** Ids of the JSON-RPC requests in a body (one message or a batch); notifications and responses have none. */
function requestIds(body: unknown): RequestId[] {
  const messages = Array.isArray(body) ? body : [body];
  const ids: RequestId[] = [];
  for (const message of messages) {
    if (typeof message !== 'object' || message === null) continue;
    const { id, method } = message as { id?: unknown; method?: unknown };
    if (typeof method === 'string' && (typeof id === 'string' || typeof id === 'number')) ids.push(id);
  }
  return ids;
}

/** The Content-Type among writeHead's arguments (status, message?, headers as an object or a flat list). */
function contentTypeIn(args: unknown[]): string | undefined {
  const headers = args.find((a) => typeof a === 'object' && a !== null);
  if (Array.isArray(headers)) {
    const flat = headers.flat() as unknown[];
    for (let i = 0; i + 1 < flat.length; i += 2) {
      if (String(flat[i]).toLowerCase() === 'content-type') return String(flat[i + 1]);
    }
    return undefined;
  }
  if (!headers) return undefined;
  for (const [name, value] of Object.entries(headers)) {
    if (name.toLowerCase() === 'content-type') return String(value);
  }
  return undefined;
}
