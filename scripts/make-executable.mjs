// tsc keeps the shebang of src/index.ts but not the executable bit the bin needs.
import { chmodSync } from 'node:fs';

chmodSync(new URL('../dist/src/index.js', import.meta.url), 0o755);
