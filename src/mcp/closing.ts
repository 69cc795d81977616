// The answer to a request the server will not run to its end because it is closing: refused during a
// shutdown, cut at the end of its grace, or left when its session ends. One code for all of them, the
// JSON-RPC "server error" -32000, so a client can tell a closing server (retry) from a fault (-32603).
import type { JSONRPCErrorResponse, RequestId } from '@modelcontextprotocol/server';

const SERVER_CLOSING = -32000;

export function closingError(id: RequestId, message: string): JSONRPCErrorResponse {
  return { jsonrpc: '2.0', id, error: { code: SERVER_CLOSING, message } };
}

/** What a call still running at the end of the shutdown grace is told; `retry` says where to go. */
export function cutAtGraceMessage(graceMs: number, retry: string): string {
  return `Server shutting down: the call was still running at the end of the shutdown grace (${Math.round(graceMs / 1000)} s, --shutdown-grace-s); ${retry}`;
}
