// A caller key's first session is checked with one request to the API (GET /v1/leagues), outside any
// tool call: the key's next answer says it was sent and why, once, so an agent that adds up what its
// answers say they spent accounts for every request its key was charged.
import { expect, it } from 'vitest';
import { SANDBOX_PRO_FULL_KEY } from '../../src/sandbox/keys.js';
import { call, structured, useHttpServer, useSandbox } from '../support/mcp.js';
import { httpClient } from './support.js';

const sandbox = useSandbox();
const server = useHttpServer(() => ['--base-url', sandbox.url, '--require-caller-key']);

const checkOf = (key: string) =>
  sandbox.requests().filter((r) => r.key === key && r.path.startsWith('/v1/leagues')).length;

it("the key check's request is told by the key's next answer, once", async () => {
  const client = await httpClient(server.url, { 'x-api-key': SANDBOX_PRO_FULL_KEY });
  // The check runs beside the session's opening: waited for, not assumed.
  await expect.poll(() => checkOf(SANDBOX_PRO_FULL_KEY), { timeout: 30_000 }).toBe(1);
  // quota_status sends nothing of its own: what it tells is the check.
  let first = structured(await call(client, 'quota_status'));
  for (let i = 0; i < 20 && !(first.notes ?? []).some((n: string) => n.includes('/v1/leagues')); i++)
    first = structured(await call(client, 'quota_status'));
  expect(first.notes).toContainEqual(
    'before this answer, 1 request was sent for this key that no answer counted: GET /v1/leagues, the check of this key when a session of it opened.',
  );
  const next = structured(await call(client, 'quota_status'));
  expect((next.notes ?? []).join('\n')).not.toContain('/v1/leagues');
  await client.close();
});
