// Callers that start an upload and stop short of the end, on the built server over loopback: each used to
// be held, with what it had sent, for Node's 300 s request timeout (1 000 of them: 81 MB → 1 GB). The
// request timeout now cuts them, the headers timeout cuts a request whose headers never end, and a budget
// of body bytes in flight bounds what the unfinished ones hold: past it, 503 with Retry-After.
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../src/sandbox/server.js';
import { spawnHttpServer, stop } from '../support/mcp.js';
import { INITIALIZE, raw } from '../support/raw-http.js';

const UPLOADS = 200;
const SENT = 990_000;
const DECLARED = 999_999;
const BUDGET = 8 * 1024 * 1024;

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]) / 1024;
}

interface Stalled {
  socket: Socket;
  /** The status line's code, once the server answered. */
  status?: number;
  text: string;
  closedAt?: number;
}

/** Starts a POST declaring `declared` bytes, sends `sent` of them, and stalls (never ends). */
function stalledUpload(url: string, declared: number, sent: number): Stalled {
  const target = new URL(url);
  const socket = connect(Number(target.port), target.hostname);
  const upload: Stalled = { socket, text: '' };
  socket.on('error', () => undefined);
  socket.on('data', (chunk: Buffer) => {
    upload.text += chunk.toString('latin1');
    upload.status ??= Number(/^HTTP\/1\.1 (\d{3})/.exec(upload.text)?.[1]) || undefined;
  });
  socket.on('close', () => {
    upload.closedAt = performance.now();
  });
  socket.write(
    `POST /mcp HTTP/1.1\r\nHost: ${target.host}\r\nContent-Type: application/json\r\n` +
      `Accept: application/json, text/event-stream\r\nContent-Length: ${declared}\r\n\r\n`,
  );
  socket.write(Buffer.alloc(sent, 0x20));
  return upload;
}

async function until(check: () => boolean, ms: number): Promise<boolean> {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    if (check()) return true;
    await sleep(100);
  }
  return check();
}

describe('stalled uploads', () => {
  let server: { url: string; child: ChildProcess };
  let sandbox: RunningSandbox;
  const opened: Stalled[] = [];

  /** The built server on the sandbox, with these request and headers timeouts. */
  const serve = (requestTimeoutS: number, headersTimeoutS: number) =>
    spawnHttpServer([], {
      FOOTBALL_API_BASE_URL: sandbox.url,
      FOOTBALL_API_KEY: sandbox.demoKey,
      FOOTBALL_MCP_HEADERS_TIMEOUT_S: String(headersTimeoutS),
      FOOTBALL_MCP_REQUEST_TIMEOUT_S: String(requestTimeoutS),
      FOOTBALL_MCP_BODY_BUDGET_BYTES: String(BUDGET),
    });

  beforeAll(async () => {
    // The sandbox runs in this process: the embedded one would warm its data up in the server's,
    // and that growth is not the uploads'.
    sandbox = await startSandbox({ port: 0 });
    server = await serve(3, 2);
  });

  afterAll(async () => {
    for (const upload of opened) upload.socket.destroy();
    await stop(server.child);
    await sandbox.close();
  });

  it('200 uploads stalled near the body limit hold no more than the budget, the rest get 503', async () => {
    // Timeouts far past the test: on a busy machine reading 200 uploads can take longer than 3 s, and a
    // held upload cut meanwhile would give its room to a later one.
    const own = await serve(600, 300);
    const uploads: Stalled[] = [];
    try {
      const pid = own.child.pid ?? 0;
      // A first exchange loads what every request needs, so the baseline is not the cold process.
      expect((await raw(own.url, { body: INITIALIZE })).status).toBe(200);
      const before = rssMb(pid);
      for (let i = 0; i < UPLOADS; i++) {
        uploads.push(stalledUpload(own.url, DECLARED, SENT));
        if (i % 25 === 24) await sleep(20);
      }
      // Refused ones answered, kept ones held: waited for, however long the machine takes to read them.
      await until(() => uploads.filter((u) => u.status === 503).length >= UPLOADS - 10, 30_000);
      await sleep(300);
      const grown = rssMb(pid) - before;
      const refused = uploads.filter((u) => u.status === 503);
      // The budget holds 8 uploads' worth (8 MiB); 200 × 990 kB would be ~190 MB.
      expect(grown).toBeLessThan(60);
      expect(refused.length).toBeGreaterThanOrEqual(UPLOADS - 10);
      expect(refused[0]?.text).toMatch(/retry-after: \d+/i);
      expect(refused[0]?.text).toContain('FOOTBALL_MCP_BODY_BUDGET_BYTES');
    } finally {
      for (const upload of uploads) upload.socket.destroy();
      await stop(own.child);
    }
  });

  it('cuts an upload that stalls after the request timeout, and its bytes are released', async () => {
    // Under the budget: held, not refused, until the timeout.
    const uploads = Array.from({ length: 5 }, () => stalledUpload(server.url, 10_000, 100));
    opened.push(...uploads);
    const started = performance.now();
    // Before the timeout: still open, no answer.
    await sleep(1_000);
    expect(uploads.every((u) => u.closedAt === undefined)).toBe(true);
    // 3 s timeout, checked every second: cut well before Node's 300 s (the room above 3 s is for a busy
    // machine).
    expect(await until(() => uploads.every((u) => u.closedAt !== undefined), 30_000)).toBe(true);
    const cutAfter = Math.max(...uploads.map((u) => (u.closedAt ?? 0) - started));
    expect(cutAfter).toBeGreaterThan(2_500);
    expect(cutAfter).toBeLessThan(30_000);
    expect(uploads.every((u) => u.status === 408 || u.status === undefined)).toBe(true);
    // Every byte held was given back: a normal request is served again.
    expect(await until(() => opened.every((u) => u.closedAt !== undefined), 30_000)).toBe(true);
    expect((await raw(server.url, { body: INITIALIZE })).status).toBe(200);
  });

  it('cuts a request whose headers never end after the headers timeout', async () => {
    const target = new URL(server.url);
    const socket = connect(Number(target.port), target.hostname);
    socket.on('error', () => undefined);
    let closedAt: number | undefined;
    socket.on('close', () => {
      closedAt = performance.now();
    });
    const started = performance.now();
    // Read what comes (the 408), or the close is never seen.
    socket.resume();
    socket.write(`POST /mcp HTTP/1.1\r\nHost: ${target.host}\r\nX-Slow: `);
    // 2 s headers timeout: cut well before Node's own 60 s (the room is for a busy machine).
    expect(await until(() => closedAt !== undefined, 30_000)).toBe(true);
    expect((closedAt ?? 0) - started).toBeLessThan(30_000);
    socket.destroy();
  });
});
