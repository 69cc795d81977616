import { registerAppResource } from '@modelcontextprotocol/ext-apps/server';
import { type McpServer, ResourceNotFoundError, ResourceTemplate } from '@modelcontextprotocol/server';
import { CHART_APP_MIME, CHART_APP_URI, chartAppHtml } from '../charts/app.js';
import { CHART_URI_PREFIX } from '../charts/chart-store.js';
import { chartOwner } from './chart-content.js';
import type { ToolDeps } from './context.js';

/**
 * The chart app's HTML as a `ui://` resource, which tools with a chart point at from `_meta.ui`; and
 * `football://charts/{id}.png`, the PNG a result's resource_link names (not listed: only its caller
 * holds the link, and only its caller may read it).
 */
export function registerChartApp(server: McpServer, deps: Pick<ToolDeps, 'charts'>): void {
  registerAppResource(
    server,
    'Chart',
    CHART_APP_URI,
    {
      description: 'Interactive chart of a tool result (MCP App): radar, bars or scatter.',
      mimeType: CHART_APP_MIME,
    },
    async () => ({ contents: [{ uri: CHART_APP_URI, mimeType: CHART_APP_MIME, text: chartAppHtml() }] }),
  );
  const { charts } = deps;
  if (!charts) return;
  server.registerResource(
    'chart-png',
    new ResourceTemplate(`${CHART_URI_PREFIX}{id}.png`, { list: undefined }),
    {
      title: 'Chart of a tool result (PNG)',
      description: 'The PNG a chart link of a tool result names; readable by the caller that made it.',
      mimeType: 'image/png',
    },
    async (uri, variables, ctx) => {
      const id = Array.isArray(variables.id) ? variables.id.join(',') : (variables.id ?? '');
      const png = await charts.png(chartOwner(ctx), id);
      if (!png) {
        throw new ResourceNotFoundError(
          uri.href,
          `No chart at ${uri.href}: charts are kept in memory for the session that made them, the least recently used dropped past --chart-cache-bytes, all lost at a restart. Call the tool that drew it again (compare_players, scouting_report, comparison_group) for a new link.`,
        );
      }
      return { contents: [{ uri: uri.href, mimeType: 'image/png', blob: png.toString('base64') }] };
    },
  );
}
