// A server with one tool, `echo`, for the HTTP layer's tests: it answers its text after `delayMs`,
// sends a progress first when asked for one, and notes the text of a call it started and of one it saw
// cancelled (so a test waits for the call to run, not for a guessed time).
import { McpServer, SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/server';
import { z } from 'zod';

/** `modernRevision`: a 2026-07-28-era revision it is made for (see src/mcp/server.ts). */
export function echoServer(aborted: string[], modernRevision?: string, started: string[] = []): McpServer {
  const server = new McpServer(
    { name: 'test', version: '1.0.0' },
    modernRevision ? { supportedProtocolVersions: [...SUPPORTED_PROTOCOL_VERSIONS, modernRevision] } : {},
  );
  server.registerTool(
    'echo',
    { inputSchema: z.object({ text: z.string(), delayMs: z.number().optional() }) },
    async ({ text, delayMs }, ctx) => {
      started.push(text);
      const progressToken = ctx.mcpReq._meta?.progressToken;
      if (progressToken !== undefined) {
        await ctx.mcpReq.notify({
          method: 'notifications/progress',
          params: { progressToken, progress: 1, total: 2, message: 'started' },
        });
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, delayMs ?? 0);
        ctx.mcpReq.signal.addEventListener('abort', () => {
          clearTimeout(timer);
          aborted.push(text);
          resolve();
        });
      });
      return { content: [{ type: 'text', text }] };
    },
  );
  return server;
}
