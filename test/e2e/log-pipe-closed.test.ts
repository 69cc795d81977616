// The built server over HTTP when the pipe its logs go to closes (a supervisor or a parent gone, a log
// reader stopped): it keeps serving, without logs, and does not spin. Before, the failed write was an
// uncaught `error` the process guard logged to the same pipe, failing again: one core busy for ever.
// Counted by the process's write calls (/proc/<pid>/io), not by time: a loop makes thousands a second.
import { existsSync, readFileSync } from 'node:fs';
import { afterEach, expect, it } from 'vitest';
import { spawnHttpServer } from '../support/mcp.js';

const writeCalls = (pid: number) =>
  Number(/syscw:\s*(\d+)/.exec(readFileSync(`/proc/${pid}/io`, 'utf8'))?.[1]);

let stopAfter: (() => Promise<unknown>) | undefined;
afterEach(async () => {
  await stopAfter?.();
  stopAfter = undefined;
});

it.runIf(existsSync('/proc/self/io'))(
  'keeps serving without its logs, and writes nothing more once they cannot be written',
  async () => {
    const { url, child } = await spawnHttpServer(['--sandbox'], { FOOTBALL_MCP_LOG_LEVEL: 'debug' });
    // Killed, not asked to stop: a server spinning on its logs (the failure this holds) is never left behind.
    stopAfter = async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    };
    const pid = child.pid as number;
    child.stderr?.destroy();
    // Requests the server logs (a body that is no JSON-RPC: its handler's error at debug).
    const ask = (body: string) =>
      fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body,
      });
    for (let i = 0; i < 5; i++) await (await ask('{"not":"json-rpc"}')).text();
    const before = writeCalls(pid);
    // Each request writes its answer to its socket: a few calls each, where a loop makes thousands.
    for (let i = 0; i < 20; i++) await (await ask('{"not":"json-rpc"}')).text();
    const initialize = await ask(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
      }),
    );
    expect(initialize.status).toBe(200);
    await initialize.text();
    expect(writeCalls(pid) - before).toBeLessThan(400);
  },
  120_000,
);
