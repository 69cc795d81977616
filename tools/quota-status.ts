import { z } from 'zod';
import { BadResponseError } from '../src/api/errors.js';
import { quotaLine } from '../src/mcp/result.js';
import { defineTool } from '../src/mcp/tool.js';

export default defineTool({
  name: 'quota_status',
  title: 'Daily quota status',
  toolset: 'account',
  cached: false,
  description:
    "The key's daily request quota as last reported by the API (limit, remaining, reset time), in the result's `quota`. Free: no request is sent. Check it before a long series of calls.",
  input: {
    refresh: z
      .boolean()
      .default(false)
      .describe('Spend one request to read the current figures from the API.'),
  },
  // The figures are the envelope's `quota` and when they were reported its `source.fetched_at`: data
  // says only what the envelope cannot.
  output: z.object({
    reported: z.boolean().describe('False: the API has not reported the quota yet this session.'),
    reset_assumed: z
      .literal(true)
      .optional()
      .describe("The reset is the next UTC midnight, not the API's word."),
  }),
  async run({ refresh }, { api, signal }) {
    const notes: string[] = [];
    if (refresh) {
      try {
        await api.leagues({ firstPage: true, fresh: true, probe: true, signal });
      } catch (error) {
        // The quota comes in the answer's headers: an answer whose body could not be read reported it too.
        if (!(error instanceof BadResponseError)) throw error;
        notes.push(
          `The refresh's answer (${error.route ?? 'GET /v1/leagues'}) could not be read, ${error.detail}: the quota is read from its headers.`,
        );
      }
    }
    const quota = await api.quota.sync();
    const observed = quota.observed_at;
    return {
      data: { reported: observed !== null, ...(quota.reset_assumed ? { reset_assumed: true as const } : {}) },
      quota,
      source: { cached: !refresh, fetched_at: observed ?? new Date().toISOString() },
      ...(notes.length > 0 ? { notes } : {}),
    };
  },
  text: ({ data, quota, source }) =>
    data.reported
      ? `Daily ${quotaLine(quota)}${data.reset_assumed && quota.reset_unreadable === undefined ? ' (reset assumed: the API sent none)' : ''} (reported ${source.fetched_at.replace(/\.\d+Z$/, 'Z')}).`
      : 'The API has not reported the quota yet in this session: any call (or refresh: true) will.',
});
