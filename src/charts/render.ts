import { createRequire } from 'node:module';
import type { ImageContent } from '@modelcontextprotocol/server';
import { LRUCache } from 'lru-cache';
import { sha256 } from '../lib/canonical.js';
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

type ResvgModule = typeof import('@resvg/resvg-js');
/**
 * Required on first use, not imported: a platform without a prebuilt binary loses the PNG charts
 * (logged), not the server, and a bundler leaves the native binary where it is. Rendering runs on
 * libuv's thread pool, off the event loop (~40 ms a chart).
 */
const load = createRequire(import.meta.url);
let resvg: Promise<ResvgModule> | undefined;

/** The SVG rasterised at its own size (800 wide at most), with the machine's fonts. */
export async function svgToPng(svg: string): Promise<Buffer> {
  resvg ??= Promise.resolve().then(() => load('@resvg/resvg-js') as ResvgModule);
  const { renderAsync } = await resvg;
  const image = await renderAsync(svg, { font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans' } });
  return image.asPng();
}

/**
 * PNGs by their SVG. A cached answer draws the same SVG again, and rasterising (~40 ms of CPU) would
 * otherwise cost far more than the answer itself; concurrent identical calls share one render. Kept
 * as bytes outside the JavaScript heap (base64 only on the way out): 64 charts are about 5 MB.
 */
const rendered = new LRUCache<string, Promise<Buffer>>({ max: 64 });

export async function chartImage(svg: string): Promise<ImageContent> {
  const key = sha256(svg);
  let png = rendered.get(key);
  if (!png) {
    png = svgToPng(svg);
    rendered.set(key, png);
    png.catch(() => rendered.delete(key));
  }
  return { type: 'image', mimeType: 'image/png', data: (await png).toString('base64') };
}
