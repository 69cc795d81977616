import { describe, expect, it } from 'vitest';
import { connectHelp } from '../../src/app/connect-help.js';

const URL = 'http://127.0.0.1:3000/mcp';

describe('connectHelp', () => {
  it('an open loopback server: plain connect commands, no headers', () => {
    const text = connectHelp(URL, undefined, '/srv/index.js');
    expect(text).toContain(`claude mcp add --transport http football-scout ${URL}\n`);
    expect(text).not.toMatch(/--header|Every caller must send/);
  });

  it('a server with tokens and caller keys: every command carries the headers, never a value', () => {
    const text = connectHelp(URL, undefined, '/srv/index.js', { token: true, callerKey: true });
    expect(text).toContain(
      'Every caller must send: Authorization: Bearer <server token>, X-API-Key: <your Football API key>',
    );
    expect(text).toContain(
      `claude mcp add --transport http football-scout ${URL} --header "Authorization: Bearer <server token>" --header "X-API-Key: <your Football API key>"`,
    );
    expect(text).toContain(`--transport http --header "Authorization: Bearer <server token>"`);
    expect(text).toContain(
      `"headers": {"Authorization":"Bearer <server token>","X-API-Key":"<your Football API key>"}`,
    );
  });
});
