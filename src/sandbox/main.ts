// Standalone sandbox: `node dist/src/sandbox/main.js --port 4010 [--host 127.0.0.1] [--seed s] [--keys keys.json]
// [--faults spec] [--dialect name | --style seed] [--week n]` (env SANDBOX_PORT, SANDBOX_HOST, SANDBOX_SEED,
// SANDBOX_KEYS_FILE, SANDBOX_FAULTS, SANDBOX_DIALECT, SANDBOX_STYLE, SANDBOX_WEEK). Prints its URL, keys and a curl example on stdout; stops on SIGINT/SIGTERM.
import { parseArgs } from 'node:util';
import { dialectOf, SANDBOX_DIALECTS } from './dialects/index.js';
import { parseFaults } from './faults.js';
import { loadKeysFile } from './keys.js';
import { DEFAULT_SEED, startSandbox } from './server.js';
import { PIECES } from './styles/index.js';

const USAGE = `usage: sandbox [--port 4010] [--host 127.0.0.1] [--seed football-scout] [--keys keys.json] [--faults spec]
               [--dialect standard | --style seed[:piece,piece]] [--week 0]
  env: SANDBOX_PORT, SANDBOX_HOST, SANDBOX_SEED, SANDBOX_KEYS_FILE, SANDBOX_FAULTS, SANDBOX_DIALECT, SANDBOX_STYLE,
       SANDBOX_WEEK
  dialects (shape of successful answers, or how answers travel; same data): ${SANDBOX_DIALECTS.join(', ')}
  style: transformations drawn from a seed instead of a dialect, or only the pieces named: ${PIECES.map((p) => p.name).join(', ')}
  week: 0-52, weeks the world has moved on from today (rounds played, indices recalculated, values moved,
        transfers in the windows); the same week gives the same answers
  faults: latency=20-80,503=0.05,reset=0.02,truncate=0.02,malformed=0.02,drip=0.02,drip-ms=250,storm=5/100,retry-after=1
  keys.json: [{"key": "...", "plan": "...", "leagues": "all" | ["Ligue 1", ...], "dailyLimit": 100 | null,
               "expiresAt"?: "2027-01-01T00:00:00Z", "revoked"?: false}]`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      seed: { type: 'string' },
      keys: { type: 'string' },
      faults: { type: 'string' },
      dialect: { type: 'string' },
      style: { type: 'string' },
      week: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const portText = values.port ?? process.env.SANDBOX_PORT ?? '4010';
  const port = Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`invalid port "${portText}"`);
  const keysFile = values.keys ?? process.env.SANDBOX_KEYS_FILE;
  const seed = values.seed ?? process.env.SANDBOX_SEED ?? DEFAULT_SEED;
  const faultSpec = values.faults ?? process.env.SANDBOX_FAULTS;
  const dialect = dialectOf((values.dialect ?? process.env.SANDBOX_DIALECT ?? 'standard').trim());
  const style = (values.style ?? process.env.SANDBOX_STYLE)?.trim() || undefined;
  const weekText = (values.week ?? process.env.SANDBOX_WEEK ?? '0').trim();
  const week = Number(weekText);
  if (!/^\d+$/.test(weekText) || week > 52)
    throw new Error(`invalid week "${weekText}": a whole number from 0 to 52`);
  const sandbox = await startSandbox({
    port,
    host: values.host ?? process.env.SANDBOX_HOST ?? '127.0.0.1',
    seed,
    ...(keysFile ? { keys: loadKeysFile(keysFile) } : {}),
    ...(faultSpec ? { faults: parseFaults(faultSpec) } : {}),
    dialect: dialect.name,
    ...(style ? { style } : {}),
    week,
  });

  const limit = (n: number | null) => (n === null ? 'unlimited' : `${n}/day`);
  const state = (k: (typeof sandbox.keys)[number]) =>
    k.revoked
      ? 'revoked'
      : k.expiresAt && Date.parse(k.expiresAt) <= Date.now()
        ? `expired ${k.expiresAt}`
        : 'active';
  const rows = sandbox.keys.map((k) => [
    k.key,
    k.plan,
    k.leagues === 'all' ? 'all leagues' : k.leagues.join(', '),
    limit(k.dailyLimit),
    state(k),
  ]);
  const widths = [0, 1, 2, 3].map((i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  console.log(`Football Data API sandbox (synthetic data, seed "${seed}") listening on ${sandbox.url}`);
  if (faultSpec) console.log(`Injecting faults: ${faultSpec}`);
  if (dialect.name !== 'standard') console.log(`Dialect ${dialect.name}: ${dialect.summary}`);
  if (sandbox.style) console.log(`Style: ${sandbox.style}`);
  if (week > 0)
    console.log(`Week ${week}: the world ${week} week${week === 1 ? '' : 's'} on from today's data`);
  console.log('');
  console.log('Keys (send one in the X-API-Key header):');
  for (const r of rows)
    console.log(
      `  ${r
        .map((cell, i) => cell.padEnd(widths[i] ?? 0))
        .join('  ')
        .trimEnd()}`,
    );
  console.log('');
  console.log('Try:');
  console.log(
    `  curl -H 'X-API-Key: ${sandbox.demoKey}' '${sandbox.url}/v1/rankings?role=renard_des_surfaces&league=Ligue%201&limit=5'`,
  );

  const stop = () => {
    sandbox.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(`sandbox: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
