// The sandbox's dialects: other faithful readings of the spec, the same data in other shapes, so the
// client can be shown to read any of them. One file each; `standard` is the sandbox's own.
import { bare } from './bare.js';
import { camelDialect } from './camel.js';
import { capped } from './capped.js';
import { compressed } from './compressed.js';
import type { Dialect, DialectName } from './dialect.js';
import { display } from './display.js';
import { french } from './french.js';
import { gateway } from './gateway.js';
import { linked } from './linked.js';
import { maintenance } from './maintenance.js';
import { minimal } from './minimal.js';
import { nested } from './nested.js';
import { numeric } from './numeric.js';
import { offsetPaged } from './offset.js';
import { paged } from './paged.js';
import { resourceDialect } from './resource.js';
import { slashed } from './slashed.js';
import { standard } from './standard.js';
import { throttled } from './throttled.js';
import { unicode } from './unicode.js';
import { unitScale } from './unit-scale.js';
import { unordered } from './unordered.js';

export { type Dialect, type DialectName, type DialectRequest, SANDBOX_DIALECTS } from './dialect.js';

const DIALECTS: Readonly<Record<DialectName, Dialect>> = {
  standard,
  french,
  nested,
  numeric,
  minimal,
  bare,
  capped,
  unordered,
  throttled,
  compressed,
  gateway,
  'unit-scale': unitScale,
  unicode,
  paged,
  camel: camelDialect,
  resource: resourceDialect,
  slashed,
  linked,
  offset: offsetPaged,
  maintenance,
  display,
};

export function isDialectName(name: string): name is DialectName {
  return Object.hasOwn(DIALECTS, name);
}

/** The dialect of that name; an Error naming the valid ones otherwise. */
export function dialectOf(name: string): Dialect {
  if (!isDialectName(name)) {
    throw new Error(`unknown sandbox dialect "${name}"; one of ${Object.keys(DIALECTS).join(', ')}`);
  }
  return DIALECTS[name];
}
