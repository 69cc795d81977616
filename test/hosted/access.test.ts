// Who may call: the bind rule, server tokens, Host/Origin checks and the body limit, on the built binary.
import { describe, expect, it } from 'vitest';
import { assertBindAllowed } from '../../src/http/auth.js';
import { SANDBOX_PRO_LIGUE_KEY } from '../../src/sandbox/keys.js';
import { StartError } from '../../src/start-error.js';
import { call, structured, useHttpServer } from '../support/mcp.js';
import { freePort, httpClient, INITIALIZE, raw, runHttpToExit } from './support.js';

describe('binding beyond loopback', () => {
  it('is refused at start without authentication, saying what to set', async () => {
    const { code, stderr } = await runHttpToExit(['--host', '0.0.0.0', '--sandbox']);
    expect(code).toBe(1);
    expect(stderr).toContain('refusing to serve on 0.0.0.0');
    expect(stderr).toContain('FOOTBALL_MCP_AUTH_TOKENS');
    expect(stderr).toContain('FOOTBALL_MCP_REQUIRE_CALLER_KEY');
    expect(stderr).not.toContain('serving MCP');
  });

  it('is allowed once callers must authenticate, and loopback always is', () => {
    const open = { tokens: [], requireCallerKey: false };
    expect(() => assertBindAllowed('0.0.0.0', open)).toThrow(StartError);
    expect(() => assertBindAllowed('::', open)).toThrow(StartError);
    expect(() => assertBindAllowed('0.0.0.0', { tokens: ['t0k'], requireCallerKey: false })).not.toThrow();
    expect(() => assertBindAllowed('0.0.0.0', { tokens: [], requireCallerKey: true })).not.toThrow();
    for (const host of ['127.0.0.1', 'localhost', '::1'])
      expect(() => assertBindAllowed(host, open)).not.toThrow();
  });
});

describe('a store that cannot be reached', () => {
  it('stops the start with a message naming the address and the setting', async () => {
    const port = await freePort();
    const { code, stderr } = await runHttpToExit([
      '--sandbox',
      '--store',
      `redis://user:secret-pass@127.0.0.1:${port}`,
    ]);
    expect(code).toBe(1);
    expect(stderr).toContain(`cannot reach the store at redis://127.0.0.1:${port}`);
    expect(stderr).toContain('FOOTBALL_MCP_STORE');
    expect(stderr).not.toContain('secret-pass');
  });
});

describe('server tokens', () => {
  const TOKENS = ['token-one-aaaaaaaa', 'token-two-bbbbbbbb'];
  const server = useHttpServer(['--sandbox', '--max-body-bytes', '4096'], {
    FOOTBALL_MCP_AUTH_TOKENS: TOKENS.join(','),
  });

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  it('refuses a missing or unknown token with 401', async () => {
    expect((await raw(server.url, { body: INITIALIZE })).status).toBe(401);
    const wrong = await raw(server.url, { body: INITIALIZE, headers: bearer('token-three') });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toContain('Authorization: Bearer');
  });

  it("serves a caller with any listed token, on the server's key or the caller's own X-API-Key", async () => {
    const onServerKey = await httpClient(server.url, bearer(TOKENS[1] ?? ''));
    expect(structured(await call(onServerKey, 'list_leagues')).quota.limit).toBe(2500);
    const ownKey = await httpClient(server.url, {
      ...bearer(TOKENS[0] ?? ''),
      'x-api-key': SANDBOX_PRO_LIGUE_KEY,
    });
    expect(structured(await call(ownKey, 'list_leagues')).quota.limit).toBe(10000);
    await Promise.all([onServerKey.close(), ownKey.close()]);
  });

  it('guards /metrics with the same tokens; probes stay open', async () => {
    const metrics = new URL('/metrics', server.url).href;
    expect((await raw(metrics)).status).toBe(401);
    expect((await raw(metrics, { headers: bearer(TOKENS[0] ?? '') })).status).toBe(200);
    expect((await raw(new URL('/healthz', server.url).href)).status).toBe(200);
    expect((await raw(new URL('/readyz', server.url).href)).status).toBe(200);
  });

  it('still rejects a foreign Host or Origin (DNS rebinding), token or not', async () => {
    const port = new URL(server.url).port;
    const headers = bearer(TOKENS[0] ?? '');
    const badHost = await raw(server.url, {
      body: INITIALIZE,
      headers: { ...headers, host: `evil.example:${port}` },
    });
    expect(badHost.status).toBe(403);
    const badOrigin = await raw(server.url, {
      body: INITIALIZE,
      headers: { ...headers, origin: 'http://evil.example' },
    });
    expect(badOrigin.status).toBe(403);
    expect(badOrigin.body).toContain('Origin not allowed');
  });

  it('answers 413 to a body over --max-body-bytes', async () => {
    const big = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', pad: 'x'.repeat(5000) });
    const res = await raw(server.url, { body: big, headers: bearer(TOKENS[0] ?? '') });
    expect(res.status).toBe(413);
    expect(res.body).toContain('4096');
  });
});
