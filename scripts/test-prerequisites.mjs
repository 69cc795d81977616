#!/usr/bin/env node
// Runs before `npm test`: says what the hosted, chart and conformance tests need and is missing, and how
// to get it. It installs nothing (`npm run setup` does); the tests that need a missing one fail saying so.
import { PREREQUISITES, SETUP_HINT } from './prerequisites.mjs';

const missing = PREREQUISITES.filter((p) => !p.present());
if (missing.length > 0) {
  process.stderr.write(
    `npm test: missing ${missing.map((p) => `${p.name} (for ${p.for})`).join(', ')}.\n` +
      `Those tests will fail. To install: ${SETUP_HINT}.\n`,
  );
}
