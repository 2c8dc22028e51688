import { describe, expect, it } from 'vitest';
import { emailFormatMessage, isEmail, MAX_EMAIL_LENGTH, normalizeEmail } from './email';
import { ZEmail } from './schemas/email';

/** An address of exactly `length` characters on a valid domain. */
function addressOf(length: number): string {
  const domain = `@${'d'.repeat(63)}.${'e'.repeat(63)}.${'f'.repeat(63)}.${'g'.repeat(20)}.co`;
  return `${'a'.repeat(length - domain.length)}${domain}`;
}

describe('isEmail', () => {
  it('accepts ordinary addresses, with dots, plus tags, subdomains and capitals', () => {
    for (const address of ['laura@example.com', 'laura.ruiz+colegio@mail.example.edu.co', 'LAURA@Example.COM', "o'brien@example.ie", 'a_b-c@x-y.org']) {
      expect(isEmail(address), address).toBe(true);
    }
  });

  it('refuses spaces anywhere, including around the address', () => {
    for (const address of ['laura @example.com', 'laura@ example.com', ' laura@example.com', 'laura@example.com ', 'lau ra@example.com', 'laura@example.com\n']) {
      expect(isEmail(address), JSON.stringify(address)).toBe(false);
    }
  });

  it('refuses a missing or one-letter top-level domain, and a missing part', () => {
    for (const address of ['laura@example', 'laura@example.c', 'laura@example.', 'laura@.com', '@example.com', 'laura@', 'laura', '', 'laura@@example.com', 'a@b@example.com', 'laura@example.123']) {
      expect(isEmail(address), address).toBe(false);
    }
  });

  it('refuses dots in the wrong places and characters only quoted addresses may hold', () => {
    for (const address of ['.laura@example.com', 'laura.@example.com', 'lau..ra@example.com', 'laura@example..com', 'laura@-example.com', 'laura@example-.com', '"laura"@example.com', 'lau,ra@example.com', 'laura@exa_mple.com', 'laura@[127.0.0.1]']) {
      expect(isEmail(address), address).toBe(false);
    }
  });

  it('takes up to 254 characters and a local part of up to 64', () => {
    expect(addressOf(MAX_EMAIL_LENGTH)).toHaveLength(254);
    expect(isEmail(addressOf(254))).toBe(true);
    expect(isEmail(addressOf(255))).toBe(false);
    expect(isEmail(`${'a'.repeat(64)}@example.com`)).toBe(true);
    expect(isEmail(`${'a'.repeat(65)}@example.com`)).toBe(false);
    expect(isEmail(`laura@${'d'.repeat(64)}.com`)).toBe(false);
  });

  it('refuses NUL, other control characters and invisible ones', () => {
    for (const address of ['laura\u0000@example.com', 'laura@exam\u0000ple.com', 'lau\u0007ra@example.com', 'lau\u200Bra@example.com', 'laura@exa\u202Emple.com', '\uFEFFlaura@example.com']) {
      expect(isEmail(address), JSON.stringify(address)).toBe(false);
    }
  });

  it('accepts internationalised addresses but not look-alike at signs', () => {
    for (const address of ['josé@colegio.edu.co', 'maría.núñez@ñandú.com.co', 'info@münchen.de', 'почта@пример.рф', 'user@例え.jp']) {
      expect(isEmail(address), address).toBe(true);
    }
    expect(isEmail('laura＠example.com')).toBe(false);
  });

  it('answers false for anything that is not text', () => {
    expect(isEmail(undefined as unknown as string)).toBe(false);
    expect(isEmail(42 as unknown as string)).toBe(false);
  });
});

describe('normalizeEmail', () => {
  it('trims and lower-cases, so the same person always finds the same account', () => {
    expect(normalizeEmail('  Laura.Ruiz@Example.COM ')).toBe('laura.ruiz@example.com');
    expect(normalizeEmail('JOSÉ@Colegio.co')).toBe('josé@colegio.co');
  });
});

describe('ZEmail', () => {
  it('parses a valid address (trimmed) and refuses others with the §5 Added email message', () => {
    expect(ZEmail.parse(' laura@example.com ')).toBe('laura@example.com');
    const refused = ZEmail.safeParse('laura@example');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((i) => i.message)).toEqual([emailFormatMessage]);
    expect(ZEmail.safeParse(addressOf(255)).success).toBe(false);
  });
});
