import type { JSONRPCMessage, RequestId, Transport } from '@modelcontextprotocol/server';
import { StdioServerTransport, serveStdio as serveOverStdio } from '@modelcontextprotocol/server/stdio';
import { closingError, cutAtGraceMessage } from './closing.js';
import type { ToolDeps } from './context.js';
import { isNotification, isRequest, isResponse } from './message-kind.js';
import { createServer, type ServerOptions } from './server.js';

export interface StdioServing {
  /**
   * Takes no new request from now on (each is answered at once with a shutdown error), waits for the
   * requests in flight up to `graceMs`, and answers those still running then with a JSON-RPC error.
   * Resolves with how many were cut (0: all finished).
   */
  drain(graceMs: number): Promise<number>;
  close(): Promise<void>;
}

/**
 * Serves MCP on stdin/stdout; resolves once started, calls `onClose` when the client goes.
 * The SDK's serveStdio decides the protocol era from the client's first message: a 2025-era
 * initialize or a 2026-07-28 request (its server/discover probe, or any request with the _meta
 * envelope), one server for the connection either way.
 */
export async function serveStdio(
  deps: ToolDeps,
  onClose: () => void,
  options: ServerOptions,
): Promise<StdioServing> {
  const wire = new DrainingTransport(new StdioServerTransport(), onClose);
  const handle = serveOverStdio(() => createServer(deps, options), { transport: wire });
  process.stdin.on('end', onClose);
  return { drain: (graceMs) => wire.drain(graceMs), close: () => handle.close() };
}

/**
 * The stdio transport, also telling `onClose` when it closes (serveStdio takes its onclose for itself),
 * and keeping count of the client's requests not yet answered, so a shutdown can let them finish.
 */
class DrainingTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: Transport['onmessage'];
  /** Requests delivered to the server and not answered yet. */
  private readonly pending = new Set<RequestId>();
  /** Requests answered by the shutdown: a late answer of the server is not sent after it. */
  private readonly cut = new Set<RequestId>();
  private draining = false;
  private closed = false;
  private wake: (() => void) | undefined;

  constructor(
    private readonly wire: StdioServerTransport,
    onClose: () => void,
  ) {
    wire.onmessage = (message) => this.receive(message);
    wire.onerror = (error) => this.onerror?.(error);
    wire.onclose = () => {
      this.closed = true;
      this.wake?.();
      this.onclose?.();
      onClose();
    };
  }

  start(): Promise<void> {
    return this.wire.start();
  }

  close(): Promise<void> {
    return this.wire.close();
  }

  send(message: JSONRPCMessage): Promise<void> {
    if (isResponse(message)) {
      const id = message.id;
      if (id !== undefined && this.cut.has(id)) return Promise.resolve();
      if (id !== undefined) this.settle(id);
    }
    return this.wire.send(message);
  }

  private receive(message: JSONRPCMessage): void {
    if (isRequest(message)) {
      if (this.draining) {
        void this.refuse(message.id, 'Server shutting down: no new requests are taken; reconnect');
        return;
      }
      this.pending.add(message.id);
    } else if (isNotification(message) && message.method === 'notifications/cancelled') {
      // A cancelled request gets no answer: nothing to wait for.
      const id = (message.params as { requestId?: RequestId } | undefined)?.requestId;
      if (id !== undefined) this.settle(id);
    }
    this.onmessage?.(message);
  }

  private settle(id: RequestId): void {
    this.pending.delete(id);
    if (this.pending.size === 0) this.wake?.();
  }

  async drain(graceMs: number): Promise<number> {
    this.draining = true;
    if (this.pending.size > 0 && !this.closed) {
      let timer: NodeJS.Timeout | undefined;
      await new Promise<void>((resolve) => {
        this.wake = resolve;
        timer = setTimeout(resolve, graceMs);
      });
      clearTimeout(timer);
      this.wake = undefined;
    }
    if (this.closed) return 0;
    const left = [...this.pending];
    this.pending.clear();
    for (const id of left) this.cut.add(id);
    await Promise.all(left.map((id) => this.refuse(id, cutAtGraceMessage(graceMs, 'retry after a restart'))));
    return left.length;
  }

  private refuse(id: RequestId, message: string): Promise<void> {
    return this.wire.send(closingError(id, message)).catch(() => undefined);
  }
}
