import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';
import type { ProgressReporter } from './context.js';

/** notifications/progress for the request's progressToken; nothing when the client sent none. */
export function progressReporter(
  extra: RequestHandlerExtra<ServerRequest, ServerNotification>,
): ProgressReporter {
  const token = extra._meta?.progressToken;
  if (token === undefined) return () => undefined;
  return (done, total, message) => {
    // A client that went away must not fail the tool: progress is best effort.
    extra
      .sendNotification({
        method: 'notifications/progress',
        params: { progressToken: token, progress: done, total, message },
      })
      .catch(() => undefined);
  };
}
