import { describe, expect, it } from 'vitest';
import {
  hostAllowed,
  hostName,
  isLoopbackHost,
  type OriginPolicy,
  originAllowed,
} from '../../src/http/origin.js';

const loopback: OriginPolicy = { bindHost: '127.0.0.1', allowedHosts: [], allowedOrigins: [] };

describe('hostName', () => {
  it('drops the port and lowercases; IPv6 keeps its brackets', () => {
    expect(hostName('LocalHost:3000')).toBe('localhost');
    expect(hostName('127.0.0.1')).toBe('127.0.0.1');
    expect(hostName('[::1]:8080')).toBe('[::1]');
    expect(hostName(' [::1] ')).toBe('[::1]');
  });
});

describe('isLoopbackHost', () => {
  it('knows the loopback names', () => {
    for (const host of ['localhost', '127.0.0.1', '127.8.9.10', '[::1]', '::1']) {
      expect(isLoopbackHost(host)).toBe(true);
    }
    for (const host of [
      'evil.example',
      '0.0.0.0',
      '10.0.0.1',
      '127.0.0.1.evil.example',
      'localhost.evil.example',
    ]) {
      expect(isLoopbackHost(host)).toBe(false);
    }
  });
});

describe('hostAllowed', () => {
  it('accepts loopback Host headers, with or without ports, on a loopback bind', () => {
    for (const host of [
      'localhost',
      'localhost:3000',
      'LOCALHOST:3000',
      '127.0.0.1:3000',
      '[::1]',
      '[::1]:3000',
    ]) {
      expect(hostAllowed(host, loopback)).toBe(true);
    }
  });

  it('accepts loopback names on an IPv6 or "localhost" loopback bind too', () => {
    expect(hostAllowed('127.0.0.1:3000', { ...loopback, bindHost: '::1' })).toBe(true);
    expect(hostAllowed('[::1]:3000', { ...loopback, bindHost: 'localhost' })).toBe(true);
  });

  it('refuses a rebinding Host (evil.example) on a loopback bind', () => {
    for (const host of [
      'evil.example',
      'evil.example:3000',
      '127.0.0.1.evil.example',
      'localhost.evil.example:3000',
      '[::1',
    ]) {
      expect(hostAllowed(host, loopback)).toBe(false);
    }
  });

  it('refuses a missing or empty Host', () => {
    expect(hostAllowed(undefined, loopback)).toBe(false);
    expect(hostAllowed('', loopback)).toBe(false);
  });

  it('accepts listed extra hosts, by name or by name:port, case-insensitively', () => {
    const policy = { ...loopback, allowedHosts: ['MCP.example.com', 'tunnel.example:8443'] };
    expect(hostAllowed('mcp.example.com', policy)).toBe(true);
    expect(hostAllowed('mcp.example.com:443', policy)).toBe(true);
    expect(hostAllowed('tunnel.example:8443', policy)).toBe(true);
    expect(hostAllowed('evil.example', policy)).toBe(false);
  });

  it('on a non-loopback bind accepts the bind host and listed hosts, and nothing else', () => {
    const policy: OriginPolicy = { bindHost: '10.0.0.5', allowedHosts: ['scout.lan'], allowedOrigins: [] };
    expect(hostAllowed('10.0.0.5:3000', policy)).toBe(true);
    expect(hostAllowed('scout.lan:3000', policy)).toBe(true);
    expect(hostAllowed('evil.example:3000', policy)).toBe(false);
    expect(hostAllowed('10.0.0.6:3000', policy)).toBe(false);
  });
});

describe('originAllowed', () => {
  it('accepts a missing Origin (non-browser clients)', () => {
    expect(originAllowed(undefined, loopback)).toBe(true);
  });

  it('accepts loopback origins with ports, IPv6 included', () => {
    for (const origin of [
      'http://localhost:3000',
      'http://localhost',
      'https://127.0.0.1:8443',
      'http://[::1]:3000',
      'http://LOCALHOST:5173',
    ]) {
      expect(originAllowed(origin, loopback)).toBe(true);
    }
  });

  it('refuses other origins, look-alikes and unparsable ones', () => {
    for (const origin of [
      'http://evil.example',
      'https://evil.example:3000',
      'http://127.0.0.1.evil.example',
      'http://localhost.evil.example',
      'null',
      '',
    ]) {
      expect(originAllowed(origin, loopback)).toBe(false);
    }
  });

  it('accepts listed origins and "*"', () => {
    const policy = { ...loopback, allowedOrigins: ['https://app.example.com'] };
    expect(originAllowed('https://app.example.com', policy)).toBe(true);
    expect(originAllowed('https://other.example.com', policy)).toBe(false);
    expect(originAllowed('https://anything.example', { ...loopback, allowedOrigins: ['*'] })).toBe(true);
  });
});

describe('Host parsed as a URL authority (the SDK validator)', () => {
  it('reads the host after userinfo, not the text before the first colon', () => {
    expect(hostAllowed('127.0.0.1:3000@evil.example', loopback)).toBe(false);
    expect(hostAllowed('localhost@evil.example:3000', loopback)).toBe(false);
  });

  it('accepts the bracketed address of an IPv6 bind that is not loopback', () => {
    const policy: OriginPolicy = { bindHost: 'fd00::5', allowedHosts: [], allowedOrigins: [] };
    expect(hostAllowed('[fd00::5]:3000', policy)).toBe(true);
    expect(hostAllowed('[fd00::6]:3000', policy)).toBe(false);
  });

  it('keeps a listed host:port to that port, and a listed origin to its scheme and port', () => {
    const policy = {
      ...loopback,
      allowedHosts: ['tunnel.example:8443'],
      allowedOrigins: ['https://app.example'],
    };
    expect(hostAllowed('tunnel.example:9443', policy)).toBe(false);
    expect(originAllowed('http://app.example', policy)).toBe(false);
    expect(originAllowed('https://app.example:8443', policy)).toBe(false);
  });
});
