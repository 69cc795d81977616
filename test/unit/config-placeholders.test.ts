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

describe('loadConfig and the documentation placeholders', () => {
  it('refuses the README host block copied as written, saying what to put there', () => {
    const start = () =>
      loadConfig([], { FOOTBALL_API_KEY: 'your-key', FOOTBALL_API_BASE_URL: 'https://your-api-host' });
    expect(start).toThrow(/"your-key" is the documentation's placeholder, not a key/);
    expect(start).toThrow(/"https:\/\/your-api-host" is the documentation's placeholder address/);
    expect(start).toThrow(
      /remove both FOOTBALL_API_KEY and FOOTBALL_API_BASE_URL to run on the built-in sandbox/,
    );
  });

  it.each(['<API_KEY>', 'YOUR_API_KEY', 'your key', 'xxxx', 'changeme'])('refuses the key %s', (key) => {
    expect(() => loadConfig([], { FOOTBALL_API_KEY: key })).toThrow(/placeholder, not a key/);
  });

  it('keeps real-looking keys and addresses', () => {
    const config = loadConfig([], {
      FOOTBALL_API_KEY: 'fd_live_keyboard42',
      FOOTBALL_API_BASE_URL: 'https://api.example.com/football',
    });
    expect(config).toMatchObject({
      apiKey: 'fd_live_keyboard42',
      baseUrl: 'https://api.example.com/football',
    });
  });
});
