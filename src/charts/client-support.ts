import { getUiCapability } from '@modelcontextprotocol/ext-apps/server';
import type { McpServer } from '@modelcontextprotocol/server';
import { CHART_APP_MIME } from './app.js';

/** True when the client said at initialize that it renders MCP Apps (the io.modelcontextprotocol/ui extension). */
export function clientRendersApps(server: McpServer): boolean {
  const ui = getUiCapability(server.server.getClientCapabilities());
  if (!ui) return false;
  return ui.mimeTypes === undefined || ui.mimeTypes.includes(CHART_APP_MIME);
}
