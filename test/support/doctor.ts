// Test support: the doctor run in process, as a script runs it (`--yes --json`, no terminal).
import { type DoctorIo, runDoctor } from '../../src/doctor/main.js';
import type { Report } from '../../src/doctor/output.js';

/** Runs the doctor on `env`, answering no to any question; `report()` reads what it printed. */
export async function doctorJson(
  env: Record<string, string>,
): Promise<{ code: number; report: () => Report }> {
  let out = '';
  const io: DoctorIo = {
    out: (text) => {
      out += text;
    },
    err: () => undefined,
    interactive: false,
    progress: false,
    ask: async () => 'n',
  };
  const code = await runDoctor(['--yes', '--json'], env, io);
  return { code, report: () => JSON.parse(out) as Report };
}
