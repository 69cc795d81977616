// Test support: the doctor, in process (no terminal) or as the built binary.
import { spawn } from 'node:child_process';
import { type DoctorIo, runDoctor } from '../../src/doctor/main.js';
import type { Report } from '../../src/doctor/output.js';
import { BUILT_ENTRY } from './mcp.js';

/** Runs the doctor on `env` as a script does (`--yes --json`); `report()` reads what it printed. */
export async function doctorJson(
  env: Record<string, string>,
): Promise<{ code: number | null; report: () => Report }> {
  const run = await doctorInProcess(['--yes', '--json'], env);
  return { code: run.code, report: () => JSON.parse(run.stdout) as Report };
}

export interface DoctorRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * The doctor in this process, written as the binary writes it (results to `stdout`, the rest to `stderr`),
 * with no terminal. A test of what the doctor finds runs here: a spawned binary costs a process start and
 * a cold start of the code, seconds on a busy machine, for the same lines (`runDoctor` writes everything
 * through its io). The binary's own path, `doctor` dispatched by main and its exit code, keeps its tests.
 */
export async function doctorInProcess(args: string[], env: Record<string, string>): Promise<DoctorRun> {
  let stdout = '';
  let stderr = '';
  const io: DoctorIo = {
    out: (text) => {
      stdout += text;
    },
    err: (text) => {
      stderr += text;
    },
    interactive: false,
    progress: false,
    ask: async () => {
      throw new Error('the doctor asked a question without a terminal');
    },
  };
  const code = await runDoctor(args, env, io);
  return { code, stdout, stderr };
}

/** `football-scout-mcp doctor` of the built binary, asynchronously (a sandbox answering it may live in this process), its stdin closed. */
export function doctorBinary(args: string[], env: Record<string, string>): Promise<DoctorRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BUILT_ENTRY, 'doctor', ...args], {
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.stdin.end();
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
