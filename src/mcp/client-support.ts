import { getUiCapability } from '@modelcontextprotocol/ext-apps/server';
import type { ClientCapabilities } from '@modelcontextprotocol/server';
import { CHART_APP_MIME } from '../charts/app.js';

/** True when the client declared that it renders MCP Apps (the io.modelcontextprotocol/ui extension). */
export function clientRendersApps(capabilities: ClientCapabilities | undefined): boolean {
  const ui = getUiCapability(capabilities);
  if (!ui) return false;
  return ui.mimeTypes === undefined || ui.mimeTypes.includes(CHART_APP_MIME);
}
