// server.json, the MCP Registry entry, stays true to the package it describes.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadConfig, SETTINGS } from '../../src/config.js';

interface EnvVar {
  name: string;
  isSecret?: boolean;
  isRequired?: boolean;
  default?: string;
  choices?: string[];
}
interface Package {
  registryType: string;
  registryBaseUrl?: string;
  identifier: string;
  version: string;
  fileSha256?: string;
  transport: { type: string };
  environmentVariables?: EnvVar[];
}

const read = (file: string) => JSON.parse(readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8'));
const server = read('server.json') as {
  $schema: string;
  name: string;
  description: string;
  version: string;
  packages: Package[];
};
const pkg = read('package.json') as { name: string; version: string; mcpName: string };
const npmPackage = server.packages.find((p) => p.registryType === 'npm');
const mcpbPackage = server.packages.find((p) => p.registryType === 'mcpb');
const settingEnv = new Set(Object.values(SETTINGS).map((s) => s.env));

describe('server.json', () => {
  it('uses the current registry schema', () => {
    expect(server.$schema).toBe(
      'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json',
    );
  });

  it("is named as package.json's mcpName, in reverse-DNS form with one slash", () => {
    expect(server.name).toBe(pkg.mcpName);
    expect(server.name).toMatch(/^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/);
  });

  it('keeps to the registry limits', () => {
    expect(server.description.length).toBeGreaterThan(0);
    expect(server.description.length).toBeLessThanOrEqual(100);
  });

  it("carries package.json's version everywhere", () => {
    expect(server.version).toBe(pkg.version);
    for (const entry of server.packages)
      expect([entry.registryType, entry.version]).toEqual([entry.registryType, pkg.version]);
  });

  it('describes the npm package, run over stdio', () => {
    expect(npmPackage).toMatchObject({
      identifier: pkg.name,
      registryBaseUrl: 'https://registry.npmjs.org',
      transport: { type: 'stdio' },
    });
  });

  it("names only environment variables of src/config.ts's settings, the key as a secret", () => {
    const vars = npmPackage?.environmentVariables ?? [];
    expect(vars.map((v) => v.name)).toEqual(
      expect.arrayContaining(['FOOTBALL_API_KEY', 'FOOTBALL_API_BASE_URL', 'FOOTBALL_MCP_IMAGES']),
    );
    for (const v of vars) expect(settingEnv, v.name).toContain(v.name);
    for (const v of vars)
      expect([v.name, v.isSecret === true]).toEqual([v.name, v.name === 'FOOTBALL_API_KEY']);
    // Neither is required: without both the server runs on the sandbox.
    expect(vars.filter((v) => v.isRequired)).toEqual([]);
  });

  it('offers only values the settings accept', () => {
    for (const v of npmPackage?.environmentVariables ?? []) {
      for (const value of [...(v.choices ?? []), ...(v.default ? [v.default] : [])]) {
        expect(() => loadConfig([], { [v.name]: value }), `${v.name}=${value}`).not.toThrow();
      }
    }
  });

  it("describes the .mcpb of this version's release, with a SHA-256", () => {
    expect(mcpbPackage?.identifier).toMatch(
      new RegExp(
        `^https://github\\.com/[^/]+/[^/]+/releases/download/v${pkg.version.replace(/\./g, '\\.')}/[^/]*mcp[^/]*\\.mcpb$`,
      ),
    );
    expect(mcpbPackage?.fileSha256).toMatch(/^[a-f0-9]{64}$/);
    expect(mcpbPackage?.transport).toEqual({ type: 'stdio' });
  });
});
