// The README is what a newcomer reads; docs/ holds the reference. Together they must name every tool,
// setting and upstream route, link only to files that exist, and give only commands that exist.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../src/api/routes.js';
import { SETTINGS } from '../../src/config.js';
import { DOCTOR_HELP } from '../../src/doctor/usage.js';
import { TOOLS } from '../../tools/index.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const readme = read('README.md');
const docs = readdirSync(join(root, 'docs'))
  .filter((f) => f.endsWith('.md'))
  .map((f) => `docs/${f}`);
const pkg = JSON.parse(read('package.json')) as { scripts: Record<string, string>; files: string[] };

/** A table row starting with these cells, whatever the padding the formatter adds. */
function row(...cells: string[]): RegExp {
  const escaped = cells.map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^\\|\\s*${escaped.join('\\s*\\|\\s*')}\\s*\\|`, 'm');
}

/** Relative link targets of a markdown file (images included), without their #anchor. */
function relativeLinks(text: string): string[] {
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1] as string)
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith('#'))
    .map((target) => target.split('#')[0] as string);
}

/** The lines of fenced code blocks and the inline code spans of a markdown text. */
function codeOf(text: string): string[] {
  const fenced = [...text.matchAll(/^```[^\n]*\n([\s\S]*?)^```/gm)].flatMap((m) =>
    (m[1] as string).split('\n'),
  );
  const prose = text.replace(/^```[^\n]*\n[\s\S]*?^```/gm, '');
  const inline = [...prose.matchAll(/`([^`\n]+)`/g)].map((m) => m[1] as string);
  return [...fenced, ...inline];
}

const serverFlags = new Set(['help', 'version', ...Object.values(SETTINGS).map((s) => s.flag)]);
const doctorFlags = new Set([...DOCTOR_HELP.matchAll(/--([a-z][a-z-]*)/g)].map((m) => m[1] as string));

/** The --flags given to this server (npx football-scout-mcp …, node dist/src/index.js …, npm start -- …). */
function serverCommandFlags(code: string): { doctor: boolean; flags: string[] }[] {
  const found: { doctor: boolean; flags: string[] }[] = [];
  const start =
    /(?:^|[\s;&|(])(?:npx (?:-y )?football-scout-mcp|football-scout-mcp|node dist\/src\/index\.js|npm start --)(?=\s|$)/g;
  for (const match of code.matchAll(start)) {
    const before = code.slice(0, match.index);
    // A server started by the Inspector: the flags after it are the Inspector's.
    if (/inspector/.test(before)) continue;
    const rest = (code.slice((match.index ?? 0) + match[0].length).split(/[;&|#]/)[0] ?? '').trim();
    const words = rest.split(/\s+/).filter(Boolean);
    found.push({
      doctor: words[0] === 'doctor',
      flags: words.filter((w) => w.startsWith('--')).map((w) => w.slice(2).split('=')[0] as string),
    });
  }
  return found;
}

describe('README', () => {
  it.each(TOOLS.map((t) => t.name))('lists the tool %s in a table row', (name) => {
    expect(readme).toMatch(row(`\`${name}\``));
  });

  it('gives the two commands: install and run, then test (after what the tests need, in the same line)', () => {
    expect(readme).toContain('npm install && npm start');
    // `npm test` installs nothing: on a fresh machine it needs `npm run setup` first, in one command.
    expect(readme).toMatch(/^npm run setup && npm test(?:\s|$)/m);
    expect(Object.keys(pkg.scripts)).toContain('setup');
  });

  it('names only npm scripts that package.json has', () => {
    const named = [...readme.matchAll(/npm run ([a-z][\w:-]*)/g)].map((m) => m[1] as string);
    expect(named.length).toBeGreaterThan(0);
    for (const script of named) expect(Object.keys(pkg.scripts), `npm run ${script}`).toContain(script);
  });

  it('gives this server and its doctor only flags they have', () => {
    const commands = codeOf(readme).flatMap(serverCommandFlags);
    expect(commands.some((c) => c.doctor)).toBe(true);
    for (const { doctor, flags } of commands) {
      for (const flag of flags) {
        const known = doctor ? doctorFlags.has(flag) || serverFlags.has(flag) : serverFlags.has(flag);
        expect(known, `--${flag}${doctor ? ' (doctor)' : ''}`).toBe(true);
      }
    }
  });

  it('names as a setting only flags that exist', () => {
    // Inline `--flag` or `--flag value` in the prose: a setting of src/config.ts (or --help, --version).
    const prose = readme.replace(/^```[^\n]*\n[\s\S]*?^```/gm, '');
    const flags = [...prose.matchAll(/`--([a-z][a-z-]*)[^`]*`/g)].map((m) => m[1] as string);
    expect(flags.length).toBeGreaterThan(0);
    for (const flag of flags) expect(serverFlags.has(flag), `--${flag}`).toBe(true);
  });

  it('links relatively only into docs/ (npm ships docs/, not src/)', () => {
    for (const target of relativeLinks(readme)) expect(target, target).toMatch(/^docs\//);
    expect(pkg.files).toContain('docs');
  });
});

describe('docs/settings.md', () => {
  const settings = read('docs/settings.md');
  it.each(Object.values(SETTINGS).map((s) => [s.flag, s.env]))('documents --%s / %s', (flag, env) => {
    expect(settings).toMatch(row(`\`--${flag}\``, `\`${env}\``));
  });
});

describe('docs/real-api.md', () => {
  const realApi = read('docs/real-api.md');
  it.each(Object.values(ROUTES).map((r) => [`${r.method} ${r.path}`, r.status]))(
    'lists %s as %s',
    (route, status) => {
      expect(realApi).toMatch(row(`\`${route}\``, status));
    },
  );
});

/** Whether a path of the checkout is in the npm package: `files` plus what npm always ships. */
function shipped(path: string): boolean {
  const always = ['package.json', 'README.md', 'LICENSE'];
  return always.includes(path) || pkg.files.some((entry) => path === entry || path.startsWith(`${entry}/`));
}

describe('links', () => {
  it.each(docs)('%s links only to files the npm package ships', (file) => {
    const outside = relativeLinks(read(file))
      .map((target) => relative(root, join(root, dirname(file), target)))
      .filter((path) => !shipped(path));
    expect(outside).toEqual([]);
  });

  it.each(['README.md', ...docs])('every relative link of %s points at a file that exists', (file) => {
    const missing = relativeLinks(read(file)).filter(
      (target) => !existsSync(join(root, dirname(file), target)),
    );
    expect(missing).toEqual([]);
  });
});
