import { registerAppResource } from '@modelcontextprotocol/ext-apps/server';
import type { McpServer } from '@modelcontextprotocol/server';
import { CHART_APP_MIME, CHART_APP_URI, chartAppHtml } from '../charts/app.js';

/** The chart app's HTML as a `ui://` resource, which tools with a chart point at from `_meta.ui`. */
export function registerChartApp(server: McpServer): void {
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
}
