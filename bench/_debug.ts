import { SANDBOX_PRO_FULL_KEY } from '../src/sandbox/keys.js';
import { startSandbox } from '../src/sandbox/server.js';
import { buildSession, callCount } from './agent-session.js';
import { DirectClient } from './direct.js';
import { connectStdio } from './processes.js';

const sandbox = await startSandbox({ port: 0 });
const up = { url: sandbox.url, key: SANDBOX_PRO_FULL_KEY, requestCount: sandbox.requestCount };
const direct = new DirectClient(up.url, up.key);
const session = await buildSession(direct);
await direct.close();
console.log('calls', callCount(session));
const { client } = await connectStdio(up);
const before = sandbox.requests().length;
const seen = new Map<string, number>();
for (const step of session) {
  await Promise.all(step.map((c) => client.callTool(c)));
}
const reqs = sandbox.requests().slice(before);
const byPath = new Map<string, number>();
for (const r of reqs) {
  const k = `${r.method} ${r.path.split('?')[0]}`.replace(/players\/[^/]+\/history/, 'players/:id/history');
  byPath.set(k, (byPath.get(k) ?? 0) + 1);
}
console.log(reqs.length, byPath);
const dup = new Map<string, number>();
for (const r of reqs) dup.set(`${r.method} ${r.path}`, (dup.get(`${r.method} ${r.path}`) ?? 0) + 1);
console.log([...dup].filter(([, n]) => n > 1));
const byName = new Map<string, number>();
for (const s of session) for (const c of s) byName.set(c.name, (byName.get(c.name) ?? 0) + 1);
console.log(byName);
await client.close();
await sandbox.close();
