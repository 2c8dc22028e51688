import { describe, expect, it } from 'vitest';
import { isValidSandboxSignature, sandboxSecretOf, signSandboxBody } from './sandbox';

// Vectors computed apart from this code (Python hmac) for a server secret of 32 "0" bytes.
const secret = sandboxSecretOf(new TextEncoder().encode('0'.repeat(32)));
const body = Buffer.from('{"type":"charge.completed","reference":"patio-demo-7","token":"tok","status":"approved","amount":450000,"currency":"COP"}');
const header = 't=1700000000,v1=45dafa48743a121b95f491cce91cba59fb2a3cb77b59f197946d5d85b7670d49';

describe('sandbox gateway signature', () => {
  it('derives its key from the server secret with its own label', () => {
    expect(secret.toString('hex')).toBe('066b872064c68f9dfe476eafc8a30d9fc5ab85821b8345587a5030b6a830dbc6');
  });

  it('signs "{t}.{raw body}" with HMAC-SHA256', () => {
    expect(signSandboxBody(secret, body, 1_700_000_000)).toBe(header);
  });

  it('accepts its signature within five minutes and refuses it after', () => {
    expect(isValidSandboxSignature(secret, body, header, 1_700_000_000 + 299)).toBe(true);
    expect(isValidSandboxSignature(secret, body, header, 1_700_000_000 + 301)).toBe(false);
    expect(isValidSandboxSignature(secret, body, header, 1_700_000_000 - 301)).toBe(false);
  });

  it('refuses a changed body, another key, and malformed headers', () => {
    const now = 1_700_000_000;
    expect(isValidSandboxSignature(secret, Buffer.from(body.toString().replace('450000', '1')), header, now)).toBe(false);
    expect(isValidSandboxSignature(sandboxSecretOf(new TextEncoder().encode('1'.repeat(32))), body, header, now)).toBe(false);
    for (const bad of [undefined, '', 't=1700000000', 'v1=abc', `t=x,v1=${'0'.repeat(64)}`, header.replace(/.$/, 'g')]) {
      expect(isValidSandboxSignature(secret, body, bad, now)).toBe(false);
    }
  });
});
