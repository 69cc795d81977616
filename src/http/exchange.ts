// One HTTP exchange carrying one JSON-RPC request to a server connected once for many of them
// (shared-servers.ts, session-transport.ts): the answer goes back as plain JSON with its length,
// written straight to the Node response, unless something (a progress, a log) goes out before it,
// which turns the answer into an SSE stream.
import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type {
  AuthInfo,
  JSONRPCMessage,
  JSONRPCRequest,
  MessageExtraInfo,
  RequestId,
  Transport,
  TransportSendOptions,
} from '@modelcontextprotocol/server';
import { closingError } from '../mcp/closing.js';
import { isResponse } from '../mcp/message-kind.js';
import { json } from './http-io.js';

const SSE_HEADERS = {
  'content-type': 'text/event-stream',
  'cache-control': 'no-cache, no-transform',
  connection: 'keep-alive',
  'x-accel-buffering': 'no',
};

/** As the SDK's transports: a comment on a quiet SSE stream this often keeps proxies from closing it. */
const KEEP_ALIVE_MS = 15_000;

/** One HTTP exchange: a request's answer, JSON unless something (a progress, a log) went out first. */
class Exchange {
  private streaming = false;
  done = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly res: ServerResponse,
    readonly clientId: RequestId,
  ) {
    this.timer = setTimeout(() => this.keepAlive(), KEEP_ALIVE_MS);
    this.timer.unref();
  }

  /** A message of the call before its answer: the answer becomes an SSE stream. */
  event(message: JSONRPCMessage): void {
    if (this.over()) return;
    this.stream();
    this.res.write(`event: message\ndata: ${JSON.stringify(message)}\n\n`);
  }

  /** The answer; `status` applies to a JSON answer only (an SSE stream has already said 200). */
  finish(message: JSONRPCMessage, status = 200): void {
    if (this.over()) return;
    this.end();
    if (this.streaming) return void this.res.end(`event: message\ndata: ${JSON.stringify(message)}\n\n`);
    json(this.res, status, message);
  }

  /** Answers the call with the closing error, saying why: its server closed before the answer. */
  abandon(message: string): void {
    if (this.over()) return;
    const answer = closingError(this.clientId, message);
    if (this.streaming) return void this.finish(answer);
    this.end();
    json(this.res, 503, answer);
  }

  /** Ends the exchange of a cancelled request: no answer is owed, and the HTTP request is let go. */
  cancel(): void {
    if (this.over()) return;
    this.end();
    if (this.streaming) return void this.res.end();
    this.res.writeHead(204).end();
  }

  end(): void {
    this.done = true;
    clearTimeout(this.timer);
  }

  /** Done, or its response already ended by someone else (a shutdown cuts it with an error). */
  private over(): boolean {
    if (!this.done && this.res.writableEnded) this.end();
    return this.done;
  }

  private stream(): void {
    if (this.streaming) return;
    this.streaming = true;
    this.res.writeHead(200, SSE_HEADERS);
  }

  private keepAlive(): void {
    if (this.over()) return;
    this.stream();
    this.res.write(': keepalive\n\n');
    this.timer = setTimeout(() => this.keepAlive(), KEEP_ALIVE_MS);
    this.timer.unref();
  }
}

/**
 * The HTTP status of an answer: 200, unless the wire says otherwise for some JSON-RPC errors;
 * `dispatching` is true while the request is being handed to the server (an error sent then was
 * refused before any handler ran).
 */
export type AnswerStatus = (answer: JSONRPCMessage, dispatching: boolean) => number;

/**
 * The exchanges open on one connected server. Each request is given an id of its own on the way in
 * (clients of a shared server may pick the same ids; a session's other requests go through the SDK's
 * transport with the client's ids) and gets its own back on the way out.
 */
export class Exchanges {
  private next = 0;
  private readonly open = new Map<RequestId, Exchange>();
  /** Told when the last exchange is over. */
  onIdle?: () => void;

  /**
   * The ids this table gives: `prefix`, then random characters no client can guess (a client's batch
   * through the SDK's transport may use any id, and its answer must not be taken for an exchange's);
   * plain numbers without a prefix, for a transport that only exchanges feed.
   */
  private readonly prefix: string;
  /** Set while a request is being handed to the server (see AnswerStatus). */
  private dispatching = false;

  constructor(
    prefix = '',
    private readonly statusOf: AnswerStatus = () => 200,
  ) {
    this.prefix = prefix === '' ? '' : `${prefix}${randomBytes(12).toString('base64url')}-`;
  }

  get size(): number {
    return this.open.size;
  }

  /**
   * Hands `request` to the server as one of its own ids, its answer going to `res`. A client that
   * closes its request before the answer cancels the call, as if it had sent notifications/cancelled.
   */
  serve(
    res: ServerResponse,
    request: JSONRPCRequest,
    onmessage: Transport['onmessage'],
    authInfo: AuthInfo | undefined,
    extra: Omit<MessageExtraInfo, 'authInfo'> = {},
  ): void {
    this.next += 1;
    const id: RequestId = this.prefix ? `${this.prefix}${this.next}` : this.next;
    const exchange = new Exchange(res, request.id);
    this.open.set(id, exchange);
    res.once('close', () => {
      if (exchange.done) return;
      exchange.end();
      this.forget(id);
      onmessage?.({
        jsonrpc: '2.0',
        method: 'notifications/cancelled',
        params: { requestId: id, reason: 'the HTTP request was closed' },
      });
    });
    const info = authInfo ? { ...extra, authInfo } : extra;
    this.dispatching = true;
    try {
      onmessage?.({ ...request, id }, Object.keys(info).length > 0 ? info : undefined);
    } finally {
      this.dispatching = false;
    }
  }

  /** Writes what the server sends to the exchange it belongs to; false when it belongs to none. */
  deliver(message: JSONRPCMessage, options?: TransportSendOptions): boolean {
    const response = isResponse(message);
    const related = response ? message.id : options?.relatedRequestId;
    const exchange = related === undefined ? undefined : this.open.get(related);
    if (!exchange || related === undefined) return false;
    if (!response) exchange.event(message);
    else {
      const answer = { ...message, id: exchange.clientId };
      exchange.finish(answer, this.statusOf(answer, this.dispatching));
      this.forget(related);
    }
    return true;
  }

  /**
   * Ends the open requests of client id `clientId` (the client cancelled it) and gives the ids the
   * server knows them by, to tell it.
   */
  cancel(clientId: RequestId): RequestId[] {
    const ids = [...this.open].filter(([, exchange]) => exchange.clientId === clientId).map(([id]) => id);
    for (const id of ids) {
      this.open.get(id)?.cancel();
      this.forget(id);
    }
    return ids;
  }

  /** Whether `id` is of the kind this table gives (its prefix), open or not. */
  gave(id: RequestId | undefined): boolean {
    return this.prefix !== '' && typeof id === 'string' && id.startsWith(this.prefix);
  }

  abandonAll(message: string): void {
    for (const exchange of this.open.values()) exchange.abandon(message);
    this.open.clear();
  }

  private forget(id: RequestId): void {
    this.open.delete(id);
    if (this.open.size === 0) this.onIdle?.();
  }
}
