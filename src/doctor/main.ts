// `football-scout-mcp doctor`: loaded by src/index.ts only for this subcommand. Reads the same
// settings as the server, states the plan, asks before sending, runs the probes and prints the
// table or the JSON. Every line written passes through the key's redactor.
import { readFileSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline/promises';
import type { AliasTable } from '../api/reader/aliases.js';
import { loadUpstreamOverrides } from '../api/route-overrides.js';
import { ROUTES, type RouteTable } from '../api/routes.js';
import { type Config, ConfigError, loadConfig } from '../config.js';
import { createLogger, startRedactor } from '../log.js';
import { StartError } from '../start-error.js';
import { VERSION } from '../version.js';
import { buildReport, planOf, planText, routesFileText, summaryText, tableText } from './output.js';
import { runProbes } from './run.js';
import { DOCTOR_HELP } from './usage.js';

export interface DoctorIo {
  /** Results: the table or the JSON. */
  out(text: string): void;
  /** The plan, the question, progress and errors. */
  err(text: string): void;
  /** stdin is a terminal: the question can be asked. */
  interactive: boolean;
  /** stderr is a terminal: a progress line can be redrawn. */
  progress: boolean;
  ask(question: string): Promise<string>;
}

const DOCTOR_FLAGS = new Set(['--yes', '-y', '--json', '--help', '-h']);
/** Doctor's own flags that take a value. */
const WRITE_ROUTES = '--write-routes';

export function processIo(): DoctorIo {
  return {
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
    interactive: process.stdin.isTTY === true,
    progress: process.stderr.isTTY === true,
    ask: async (question) => {
      const rl = createInterface({ input: process.stdin, output: process.stderr });
      try {
        return await rl.question(question);
      } finally {
        rl.close();
      }
    },
  };
}

/** Runs the subcommand; resolves to the exit code. */
export async function runDoctor(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
  io: DoctorIo = processIo(),
): Promise<number> {
  const own = new Set(argv.filter((a) => DOCTOR_FLAGS.has(a)));
  if (own.has('--help') || own.has('-h')) {
    io.err(`${DOCTOR_HELP}\n`);
    return 0;
  }
  const split = withoutValueFlag(argv, WRITE_ROUTES);
  if (split.error) {
    io.err(`football-scout-mcp doctor: ${split.error}\n`);
    return 2;
  }
  const writeRoutes = split.value;
  let config: Config;
  try {
    const loaded = loadConfig(
      split.rest.filter((a) => !DOCTOR_FLAGS.has(a)),
      env,
    );
    if (loaded === 'help') {
      io.err(`${DOCTOR_HELP}\n`);
      return 0;
    }
    if (loaded === 'version') {
      io.err(`${VERSION}\n`);
      return 0;
    }
    config = loaded;
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    io.err(`football-scout-mcp doctor: ${startRedactor(env, argv)(error.message)}\n`);
    return 2;
  }
  const redact = redactorFor(config.apiKey);
  const err = (text: string) => io.err(redact(text));
  const out = (text: string) => io.out(redact(text));

  if (!config.sandbox && (!config.apiKey || !config.baseUrl)) {
    err(
      'football-scout-mcp doctor: set both FOOTBALL_API_KEY (your key of the Football Data API) and ' +
        'FOOTBALL_API_BASE_URL (its base address, the part before /v1), or pass --api-key and --base-url; ' +
        'or --sandbox for a demo on the embedded sandbox.\n',
    );
    return 2;
  }
  let table: RouteTable = ROUTES;
  let givenRoutesFile: Record<string, unknown> | undefined;
  let aliases: AliasTable = {};
  if (config.routesFile) {
    try {
      const overrides = loadUpstreamOverrides(config.routesFile);
      table = overrides.routes;
      // Read with the user's field aliases too, as the server would.
      aliases = overrides.fields;
      givenRoutesFile = JSON.parse(readFileSync(config.routesFile, 'utf8')) as Record<string, unknown>;
    } catch (error) {
      if (!(error instanceof StartError)) throw error;
      err(`football-scout-mcp doctor: ${error.message}\n`);
      return 2;
    }
  }

  const closers: (() => Promise<void>)[] = [];
  try {
    let baseUrl: string;
    let apiKey: string;
    let where: string;
    if (config.sandbox) {
      const { startSandbox } = await import('../sandbox/server.js');
      const sandbox = await startSandbox({
        port: 0,
        host: '127.0.0.1',
        seed: config.sandboxSeed,
        dialect: config.sandboxDialect,
        week: config.sandboxWeek,
      });
      closers.push(() => sandbox.close());
      ({ url: baseUrl, demoKey: apiKey } = sandbox);
      where = `${baseUrl} (the embedded sandbox: synthetic data, ${config.sandboxDialect} dialect)`;
    } else {
      baseUrl = config.baseUrl as string;
      apiKey = config.apiKey as string;
      where = shownUrl(baseUrl);
    }
    const plan = planOf(table, config.retries);
    err(`${planText(plan, where)}\n`);
    if (!own.has('--yes') && !own.has('-y')) {
      if (!io.interactive) {
        err('Not on a terminal: pass --yes to send these requests. Nothing was sent.\n');
        return 2;
      }
      const answer = await io.ask('Go on? [y/N] ');
      if (!/^\s*y(es)?\s*$/i.test(answer)) {
        err('Nothing was sent.\n');
        return 1;
      }
    }
    const run = await runProbes({
      baseUrl,
      apiKey,
      table,
      aliases,
      timeoutMs: config.timeoutMs,
      retries: config.retries,
      maxRedirects: config.maxRedirects,
      ...(io.progress && !own.has('--json')
        ? {
            onProgress: (route, index, total) => io.err(`\r\x1b[K[${index + 1}/${total}] ${route}`),
          }
        : {}),
    });
    if (io.progress && !own.has('--json')) io.err('\r\x1b[K');
    const report = buildReport(shownUrl(baseUrl), plan, run, givenRoutesFile);
    if (own.has('--json')) out(`${JSON.stringify(report, null, 2)}\n`);
    else out(`${tableText(report)}\n\n${summaryText(report)}\n`);
    if (writeRoutes !== undefined) {
      // Written even when nothing was found: the file then holds the one given (or {}), valid as it is.
      const file = report.routes_file ?? givenRoutesFile ?? {};
      try {
        writeFileSync(writeRoutes, `${routesFileText(file)}\n`);
      } catch (error) {
        err(
          `football-scout-mcp doctor: --write-routes ${writeRoutes}: cannot be written (${(error as NodeJS.ErrnoException).code ?? 'error'}).\n`,
        );
        return 1;
      }
      err(
        `Routes file written to ${writeRoutes}${report.routes_file ? '' : ' (nothing new found: it holds the routes file given, or {})'}: ` +
          `start the server with --routes-file ${writeRoutes}.\n`,
      );
    }
    return report.exit_code;
  } catch (error) {
    err(`football-scout-mcp doctor: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  } finally {
    for (const close of closers.reverse()) await close().catch(() => undefined);
  }
}

/** `argv` without `flag` and its value (`--flag value` or `--flag=value`). */
function withoutValueFlag(
  argv: readonly string[],
  flag: string,
): { rest: string[]; value?: string; error?: string } {
  const at = argv.findIndex((a) => a === flag || a.startsWith(`${flag}=`));
  if (at < 0) return { rest: [...argv] };
  const arg = argv[at] as string;
  const inline = arg.includes('=');
  const value = inline ? arg.slice(flag.length + 1) : argv[at + 1];
  if (!value || value.startsWith('-'))
    return { rest: [...argv], error: `${flag} needs a file to write, e.g. ${flag} routes.json.` };
  return { rest: argv.filter((_, i) => i !== at && (inline || i !== at + 1)), value };
}

function redactorFor(...keys: (string | undefined)[]): (text: string) => string {
  return createLogger('silent', keys).redact;
}

/** The base URL as shown: no user, password, query or fragment. */
function shownUrl(baseUrl: string): string {
  const url = new URL(baseUrl);
  url.username = '';
  url.password = '';
  url.search = '';
  url.hash = '';
  return url.toString().replace(/\/$/, '');
}
