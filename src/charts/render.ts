import type { ImageContent } from '@modelcontextprotocol/sdk/types.js';
import { Resvg } from '@resvg/resvg-js';
import { barsSvg } from './bars.js';
import { radarSvg } from './radar.js';
import { scatterSvg } from './scatter.js';
import type { Chart } from './spec.js';

export function chartSvg(chart: Chart): string {
  switch (chart.kind) {
    case 'radar':
      return radarSvg(chart);
    case 'bars':
      return barsSvg(chart);
    case 'scatter':
      return scatterSvg(chart);
  }
}

/** The SVG rasterised at its own size (800 wide at most), with the machine's fonts. */
export function svgToPng(svg: string): Buffer {
  const resvg = new Resvg(svg, { font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans' } });
  return resvg.render().asPng();
}

export function chartImage(svg: string): ImageContent {
  return { type: 'image', mimeType: 'image/png', data: svgToPng(svg).toString('base64') };
}
