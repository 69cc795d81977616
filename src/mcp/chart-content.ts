import type { CallToolResult, ContentBlock, ServerContext } from '@modelcontextprotocol/server';
import { CHART_META_KEY } from '../charts/app.js';
import { chartUri } from '../charts/chart-store.js';
import { chartImage, chartSvg } from '../charts/render.js';
import { type Chart, chartDelivery } from '../charts/spec.js';
import type { ToolContext } from './context.js';

/**
 * Adds the chart to a successful result, as the images setting says: a `resource_link` to the PNG (kept
 * for this caller, rendered when read: no image bytes reach the model's context, which agent frameworks
 * fill with base64), or the PNG inline; and the SVG in _meta for the chart app when the client renders
 * MCP Apps (no one else would draw it). Structured content is untouched; a call that draws nothing
 * renders nothing.
 */
export async function attachChart(
  result: CallToolResult,
  draw: () => Chart | undefined,
  ctx: ToolContext,
): Promise<CallToolResult> {
  const app = ctx.rendersApps === true;
  if (ctx.images === 'false' && !app) return result;
  try {
    const chart = draw();
    if (!chart) return result;
    const delivery = chartDelivery(ctx.images, chart);
    if (delivery === 'none' && !app) return result;
    const svg = chartSvg(chart);
    const block = await chartBlock(delivery, svg, chart, ctx);
    return {
      ...result,
      content: block ? [...result.content, block] : result.content,
      ...(app ? { _meta: { ...result._meta, [CHART_META_KEY]: { svg } } } : {}),
    };
  } catch (error) {
    // A picture is a bonus: the answer goes out without it rather than failing.
    ctx.logger.warn('chart not drawn', { error: (error as Error).message });
    return result;
  }
}

async function chartBlock(
  delivery: ReturnType<typeof chartDelivery>,
  svg: string,
  chart: Chart,
  ctx: ToolContext,
): Promise<ContentBlock | undefined> {
  if (delivery === 'inline') return chartImage(svg);
  if (delivery === 'none' || !ctx.charts) return undefined;
  const id = ctx.charts.put(ctx.caller ?? '', svg);
  return {
    type: 'resource_link',
    uri: chartUri(id),
    name: `${id}.png`,
    title: chart.title,
    mimeType: 'image/png',
  };
}

/**
 * Who may read a linked chart: the credentials the HTTP layer checked (a hash of token and key) and the
 * session, when there is one; over stdio, the one client.
 */
export function chartOwner(ctx: Pick<ServerContext, 'sessionId' | 'http'>): string {
  return `${ctx.http?.authInfo?.clientId ?? ''}\n${ctx.sessionId ?? ''}`;
}
