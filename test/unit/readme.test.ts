// The README is the user's manual: it must name every tool, setting and upstream route.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../src/api/routes.js';
import { SETTINGS } from '../../src/config.js';
import { TOOLS } from '../../tools/index.js';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

/** A table row starting with these cells, whatever the padding the formatter adds. */
function row(...cells: string[]): RegExp {
  const escaped = cells.map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^\\|\\s*${escaped.join('\\s*\\|\\s*')}\\s*\\|`, 'm');
}

describe('README', () => {
  it.each(TOOLS.map((t) => t.name))('documents the tool %s', (name) => {
    expect(readme).toMatch(row(`\`${name}\``));
  });

  it.each(Object.values(SETTINGS).map((s) => [s.flag, s.env]))('documents --%s / %s', (flag, env) => {
    expect(readme).toMatch(row(`\`--${flag}\``, `\`${env}\``));
  });

  it.each(Object.values(ROUTES).map((r) => [`${r.method} ${r.path}`, r.status]))(
    'lists %s as %s',
    (route, status) => {
      expect(readme).toMatch(row(`\`${route}\``, status));
    },
  );

  it('gives the two commands: install and run, then test', () => {
    expect(readme).toContain('npm install && npm start');
    expect(readme).toContain('npm test');
  });
});
