import type { ServerContext } from '@modelcontextprotocol/server';
import type { ProgressReporter } from './context.js';

/** notifications/progress for the request's progressToken; nothing when the client sent none. */
export function progressReporter(extra: ServerContext): ProgressReporter {
  const token = extra.mcpReq._meta?.progressToken;
  if (token === undefined) return () => undefined;
  return (done, total, message) => {
    // A client that went away must not fail the tool: progress is best effort.
    extra.mcpReq
      .notify({
        method: 'notifications/progress',
        params: { progressToken: token, progress: done, total, message },
      })
      .catch(() => undefined);
  };
}
