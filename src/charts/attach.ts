import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ToolContext } from '../mcp/context.js';
import { CHART_META_KEY } from './app.js';
import { chartImage, chartSvg } from './render.js';
import type { Chart } from './spec.js';

/**
 * Adds the chart to a successful result: the SVG in _meta for the chart app, and a PNG image block
 * for hosts that show images unless the images setting is off. Structured content is untouched.
 */
export function attachChart(
  result: CallToolResult,
  chart: Chart | undefined,
  ctx: ToolContext,
): CallToolResult {
  if (!chart) return result;
  try {
    const svg = chartSvg(chart);
    return {
      ...result,
      content: ctx.images === false ? result.content : [...result.content, chartImage(svg)],
      _meta: { ...result._meta, [CHART_META_KEY]: { svg } },
    };
  } catch (error) {
    // A picture is a bonus: the answer goes out without it rather than failing.
    ctx.logger.warn('chart not drawn', { error: (error as Error).message });
    return result;
  }
}
