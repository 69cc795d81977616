// A setting left blank in an extension host may reach the server as its unreplaced placeholder.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';

describe('loadConfig and host placeholders', () => {
  it('reads an unreplaced user_config placeholder as unset: the server runs on the sandbox', () => {
    const config = loadConfig([], {
      FOOTBALL_API_KEY: `\${user_config.api_key}`,
      FOOTBALL_API_BASE_URL: ` \${user_config.base_url} `,
    });
    expect(config).toMatchObject({ apiKey: undefined, baseUrl: undefined });
  });

  it('reads empty values as unset, as the .mcpb manifest sends by default', () => {
    expect(loadConfig([], { FOOTBALL_API_KEY: '', FOOTBALL_API_BASE_URL: '' })).toMatchObject({
      apiKey: undefined,
      baseUrl: undefined,
    });
  });

  it('keeps a value that merely contains such text', () => {
    const config = loadConfig([], { FOOTBALL_API_KEY: `key-\${user_config.api_key}` });
    expect(config).toMatchObject({ apiKey: `key-\${user_config.api_key}` });
  });
});
