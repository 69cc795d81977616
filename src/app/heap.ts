// The JavaScript heap's growth, set from inside the process: V8 reads these two flags at every
// collection, so they take effect after start, unlike --max-old-space-size, which a server launched
// as `football-scout-mcp` or by a host's MCP config cannot be given.
import { setFlagsFromString } from 'node:v8';

/** The heap growth a transport gets when the setting is not given: HTTP serves many sessions for long. */
export function defaultHeapGrowth(transport: 'stdio' | 'http'): number {
  return transport === 'http' ? 50 : 0;
}

/**
 * After each full collection V8 lets the old generation grow to `percent` past what survived, instead
 * of up to 4x it on a machine with much RAM; the young generation keeps its first size instead of
 * doubling up to 32 MB. 0 leaves V8's own sizing.
 */
export function limitHeapGrowth(percent: number): void {
  if (percent <= 0) return;
  setFlagsFromString(`--heap-growing-percent=${Math.round(percent)}`);
  setFlagsFromString('--semi-space-growth-factor=1');
}
