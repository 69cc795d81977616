// Test support: a real SDK client over stdio on a spawned server (the built binary unless told otherwise).
import { Client, type ClientCapabilities } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

import { testServerEnv } from './server-env.js';

export interface StdioOptions {
  /** The program: this Node by default, with `args` naming the script (e.g. BUILT_ENTRY). */
  command?: string;
  args: string[];
  /** Its whole environment: PATH is this process's unless `env` gives its own. */
  env?: Record<string, string>;
  cwd?: string;
  capabilities?: ClientCapabilities;
}

export interface StdioSession {
  client: Client;
  transport: StdioClientTransport;
  /** What the server wrote to stderr so far. */
  stderr: () => string;
}

/** Spawns the server and connects an SDK client named `name` to it; closing the client ends the server. */
export async function stdioClient(
  name: string,
  { command = process.execPath, args, env = {}, cwd, capabilities = {} }: StdioOptions,
): Promise<StdioSession> {
  const transport = new StdioClientTransport({
    command,
    args,
    env: testServerEnv(env),
    ...(cwd !== undefined ? { cwd } : {}),
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const client = new Client({ name, version: '1.0.0' }, { capabilities });
  await client.connect(transport);
  return { client, transport, stderr: () => stderr };
}
