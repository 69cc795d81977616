// The requests a key spent outside any answer (src/api/untold-requests.ts), told by its next answer:
// the quota it shows has paid for them, and nothing else would say what for.
import type { ToolContext } from './context.js';

export function untoldNotes(ctx: Pick<ToolContext, 'untold'>): string[] {
  return (ctx.untold?.take() ?? []).map(
    ({ sent, why }) =>
      `before this answer, ${sent} request${sent === 1 ? ' was' : 's were'} sent for this key that no answer counted: ${why}.`,
  );
}
