// Set up for the unit tier: a unit test that starts a process fails, saying where such a test belongs.
import { vi } from 'vitest';

vi.mock('node:child_process', () => refusingChildProcess());
vi.mock('child_process', () => refusingChildProcess());

function refuse(): never {
  throw new Error(
    'unit tests start no processes: move this test to test/e2e (or test/contract), see docs/development.md',
  );
}

function refusingChildProcess() {
  const module = {
    spawn: refuse,
    spawnSync: refuse,
    exec: refuse,
    execSync: refuse,
    execFile: refuse,
    execFileSync: refuse,
    fork: refuse,
  };
  return { ...module, default: module };
}
