import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { insertPerson } from '../people/people.queries';
import type { TestPerson } from '../../test/factories';
import type { Org, TestApp } from '../../test/harness';
import { decodeHeader, decodeQuotedPrintable } from '../../test/mail-text';

// Builders shared by the suites of one-time links (password resets here, invitations above): people
// as an import leaves them, the mails the development mailer writes to DATA_DIR/mail, and the links
// those mails carry.

let n = 0;

/** A relative as an import creates one: names, email and language, no username, no password. */
export async function makeImportedRelative(
  t: TestApp,
  org: Org,
  child: TestPerson,
  options: { firstName?: string; email?: string | null; language?: string | null; kind?: 'father' | 'mother' | 'guardian' } = {},
): Promise<TestPerson & { email: string | null }> {
  n++;
  const firstName = options.firstName ?? 'María';
  const email = options.email === undefined ? `familia${n}.${Date.now()}@example.com` : options.email;
  const row = await insertPerson(t.db, org.id, {
    username: null,
    password_hash: null,
    first_name: firstName,
    last_name: 'Pardo',
    last_name2: null,
    document: `IMP${n}${Date.now()}`,
    gender: options.kind === 'father' ? 'male' : 'female',
    birthday: null,
    email,
    mobile: null,
    student_code: null,
    avatar: null,
    language: options.language === undefined ? null : options.language,
  });
  const person = { id: row.id, org, username: '', password: '', firstName, lastName: 'Pardo', gender: 'female' as const, email };
  await t.relate(person, child, options.kind ?? 'mother');
  return person;
}

/** A strong password the policy accepts for anyone. */
export const goodPassword = 'violeta cometa tranvía 42';

export interface Mail {
  to: string[];
  subject: string;
  text: string;
}

/** Every mail the development mailer wrote for this app (DATA_DIR/mail/*.eml), oldest first. */
export async function readDevMailbox(t: TestApp): Promise<Mail[]> {
  const dir = join(t.config.dataDir, 'mail');
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  return Promise.all(
    files.map(async (file) => {
      const raw = await readFile(join(dir, file), 'utf8');
      const [head, ...body] = raw.split(/\r?\n\r?\n/);
      const header = (name: string) => head.match(new RegExp(`^${name}: (.*(?:\\r?\\n[ \\t].*)*)`, 'mi'))?.[1] ?? '';
      return { to: header('To').split(',').map((a) => a.trim()), subject: decodeHeader(header('Subject')), text: decodeQuotedPrintable(body.join('\n\n')) };
    }),
  );
}

/** The one-time token of the latest mail to `email` whose link goes to `path` (/welcome, /reset-password). */
export function linkTokenOf(mails: Mail[], email: string, path: '/welcome' | '/reset-password'): string {
  const mail = mails.filter((m) => m.to.includes(email) && m.text.includes(`${path}?`)).at(-1);
  if (!mail) throw new Error(`No ${path} mail reached ${email}`);
  const link = mail.text.match(new RegExp(`https?://\\S+${path}\\?school=[\\w-]+&token=[\\w-]+`))![0];
  return new URL(link).searchParams.get('token')!;
}
