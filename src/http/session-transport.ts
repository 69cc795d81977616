// What a stateful session's server is connected to: the SDK's Streamable HTTP transport for all that
// belongs to the session (initialize, the GET stream, DELETE, notifications, the client's answers,
// batches), and beside it plain exchanges (exchange.ts) for its single requests of a method that
// leaves nothing on the server: answered as JSON written straight to the Node response, SSE only once
// a progress goes out first. Through the SDK's transport each call went through a web Request built
// from the Node request, a web Response and its stream converted back to Node and an SSE stream the
// client parses: the SDK client's own round trip to a session was 2.2-2.5 ms against 1.7 stateless.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import type {
  AuthInfo,
  JSONRPCMessage,
  JSONRPCRequest,
  RequestId,
  Transport,
  TransportSendOptions,
} from '@modelcontextprotocol/server';
import { isResponse } from '../mcp/message-kind.js';
import { Exchanges } from './exchange.js';

export class SessionTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: Transport['onmessage'];
  // Ids no client can pick for its requests through the SDK's transport (a random part per session).
  private readonly exchanges = new Exchanges('fsm-plain-');

  constructor(private readonly sdk: NodeStreamableHTTPServerTransport) {
    sdk.onmessage = (message, extra) => {
      // A client cancels by its own id (a notification POSTed on the session): for a plain request,
      // the server knows that request by another.
      const cancelled = cancelledId(message);
      const ids = cancelled === undefined ? [] : this.exchanges.cancel(cancelled);
      if (ids.length === 0) return this.onmessage?.(message, extra);
      for (const requestId of ids) {
        const params = { ...(message as { params: Record<string, unknown> }).params, requestId };
        this.onmessage?.({ ...message, params } as JSONRPCMessage, extra);
      }
    };
    sdk.onerror = (error) => this.onerror?.(error);
    sdk.onclose = () => {
      this.exchanges.abandonAll(
        'The session ended before the call was answered (closed by the client, expired, or the server stopping): retry on a new session',
      );
      this.onclose?.();
    };
  }

  get sessionId(): string | undefined {
    return this.sdk.sessionId;
  }

  setSupportedProtocolVersions(versions: string[]): void {
    this.sdk.setSupportedProtocolVersions(versions);
  }

  setScopeChallengeResolver(
    resolver: Parameters<NodeStreamableHTTPServerTransport['setScopeChallengeResolver']>[0],
  ): void {
    this.sdk.setScopeChallengeResolver(resolver);
  }

  start(): Promise<void> {
    return this.sdk.start();
  }

  close(): Promise<void> {
    return this.sdk.close();
  }

  /** What the SDK's transport serves: anything of the session but its plain single requests. */
  handleRequest(req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void> {
    return this.sdk.handleRequest(req, res, body);
  }

  /** One plain request of the session (shared-servers.ts: sharedRequest), answered on `res`. */
  serve(res: ServerResponse, request: JSONRPCRequest, authInfo?: AuthInfo): void {
    this.exchanges.serve(res, request, this.onmessage, authInfo);
  }

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    if (this.exchanges.deliver(message, options)) return;
    // Late for a plain request whose client has gone: nothing of the SDK's is waiting for it.
    const related = isResponse(message) ? message.id : options?.relatedRequestId;
    if (this.exchanges.gave(related)) return;
    return this.sdk.send(message, options);
  }
}

function cancelledId(message: JSONRPCMessage): RequestId | undefined {
  if (!('method' in message) || message.method !== 'notifications/cancelled') return undefined;
  const id = (message.params as { requestId?: unknown } | undefined)?.requestId;
  return typeof id === 'string' || typeof id === 'number' ? id : undefined;
}
