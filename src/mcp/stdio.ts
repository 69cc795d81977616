import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import type { ToolDeps } from './context.js';
import { createServer, type ServerOptions } from './server.js';

/** Serves MCP on stdin/stdout; resolves once connected, calls `onClose` when the client goes. */
export async function serveStdio(
  deps: ToolDeps,
  onClose: () => void,
  options: ServerOptions = {},
): Promise<{ close(): Promise<void> }> {
  const server = createServer(deps, options);
  const transport = new StdioServerTransport();
  transport.onclose = onClose;
  await server.connect(transport);
  process.stdin.on('end', onClose);
  return { close: () => server.close() };
}
