import { z } from 'zod';
import { quotaLine } from '../src/mcp/result.js';
import { defineTool } from '../src/mcp/tool.js';

export default defineTool({
  name: 'quota_status',
  title: 'Daily quota status',
  toolset: 'account',
  description:
    "The key's daily request quota as last reported by the API (limit, remaining, reset time). Free: no request is sent. " +
    'Check it before a long series of calls.',
  input: {
    refresh: z
      .boolean()
      .default(false)
      .describe('Spend one request to read the current figures from the API.'),
  },
  output: z.object({
    limit: z.number().nullable(),
    remaining: z.number().nullable(),
    reset: z.string().nullable(),
    reset_unreadable: z
      .string()
      .optional()
      .describe('The reset time as the API sent it, when it could not be read as a time.'),
    unlimited: z.boolean(),
    observed_at: z
      .string()
      .nullable()
      .describe('When the API last reported the quota; null if not yet this session.'),
  }),
  async run({ refresh }, { api, signal }) {
    if (refresh) await api.leagues({ firstPage: true, fresh: true, probe: true, signal });
    const quota = await api.quota.sync();
    const observed = quota.observed_at;
    return {
      data: quota,
      quota,
      source: { cached: !refresh, fetched_at: observed ?? new Date().toISOString() },
    };
  },
  text: ({ data }) =>
    data.observed_at
      ? `Daily ${quotaLine(data)} (reported ${data.observed_at}).`
      : 'The API has not reported the quota yet in this session: any call (or refresh: true) will.',
});
