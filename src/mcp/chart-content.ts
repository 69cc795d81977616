import type { CallToolResult } from '@modelcontextprotocol/server';
import { CHART_META_KEY } from '../charts/app.js';
import { chartImage, chartSvg } from '../charts/render.js';
import { type Chart, wantsPng } from '../charts/spec.js';
import type { ToolContext } from './context.js';

/**
 * Adds the chart to a successful result: a PNG image block where the images setting wants one for
 * this kind of chart, and the SVG in _meta for the chart app when the client renders MCP Apps (no one
 * else would draw it). Structured content is untouched; a call that draws nothing renders nothing.
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
    const png = wantsPng(ctx.images, chart);
    if (!png && !app) return result;
    const svg = chartSvg(chart);
    return {
      ...result,
      content: png ? [...result.content, await chartImage(svg)] : result.content,
      ...(app ? { _meta: { ...result._meta, [CHART_META_KEY]: { svg } } } : {}),
    };
  } catch (error) {
    // A picture is a bonus: the answer goes out without it rather than failing.
    ctx.logger.warn('chart not drawn', { error: (error as Error).message });
    return result;
  }
}
