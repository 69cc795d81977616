import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The package version, read from the nearest package.json (same code from src/ and dist/src/). */
function readVersion(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (pkg.name === 'football-scout-mcp' && pkg.version) return pkg.version;
    } catch {
      // not here: look one level up
    }
    dir = dirname(dir);
  }
  return '0.0.0';
}

export const VERSION = readVersion();
