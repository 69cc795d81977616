import { PNG } from 'pngjs';

/** Decodes a PNG and counts the pixels that are not white: a blank chart has none. */
export function inspectPng(bytes: Buffer): { width: number; height: number; inked: number } {
  const png = PNG.sync.read(bytes);
  let inked = 0;
  for (let i = 0; i < png.data.length; i += 4) {
    const [r, g, b] = [png.data[i] ?? 255, png.data[i + 1] ?? 255, png.data[i + 2] ?? 255];
    if (r < 200 || g < 200 || b < 200) inked++;
  }
  return { width: png.width, height: png.height, inked };
}
