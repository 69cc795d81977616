import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/server';
import { StdioServerTransport, serveStdio as serveOverStdio } from '@modelcontextprotocol/server/stdio';
import type { ToolDeps } from './context.js';
import { createServer, type ServerOptions } from './server.js';

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
): Promise<{ close(): Promise<void> }> {
  const handle = serveOverStdio(() => createServer(deps, options), { transport: closing(onClose) });
  process.stdin.on('end', onClose);
  return { close: () => handle.close() };
}

/** The stdio transport, also telling `onClose` when it closes (serveStdio takes its onclose for itself). */
function closing(onClose: () => void): Transport {
  const wire = new StdioServerTransport();
  const transport: Transport = {
    start: () => wire.start(),
    send: (message: JSONRPCMessage) => wire.send(message),
    close: () => wire.close(),
  };
  wire.onmessage = (message) => transport.onmessage?.(message);
  wire.onerror = (error) => transport.onerror?.(error);
  wire.onclose = () => {
    transport.onclose?.();
    onClose();
  };
  return transport;
}
