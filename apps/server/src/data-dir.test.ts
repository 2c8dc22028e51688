import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { mailerFor } from './platform/mail/mailer';
import { describeOnDatabases } from './test/harness';

/** Every file and folder under `dir` with its permission bits, e.g. ["mail/x.eml", 0o600]. */
function modesUnder(dir: string, prefix = ''): [string, number][] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    const mode = statSync(path).mode & 0o777;
    const name = `${prefix}${entry.name}`;
    return entry.isDirectory() ? [[`${name}/`, mode] as [string, number], ...modesUnder(path, `${name}/`)] : [[name, mode]];
  });
}

describeOnDatabases('the data directory', (t) => {
  it('item 17: the database, mail and stored files are readable by the server user only', async () => {
    await t.app.patio.storage.put('avatars/1/test.png', Buffer.from('png'));
    await mailerFor(t.config, () => {}).send({ to: 'ana@example.com', subject: 'Hola', text: 'http://x/verify?token=secret' });
    const modes = modesUnder(t.config.dataDir);
    const names = modes.map(([name]) => name);
    expect(names).toEqual(expect.arrayContaining(['files/avatars/1/test.png', 'mail/']));
    if (t.kind.name === 'SQLite') expect(names).toEqual(expect.arrayContaining(['patio.sqlite', 'patio.sqlite-wal', 'patio.sqlite-shm']));
    const expected = modes.map(([name]) => [name, name.endsWith('/') ? 0o700 : 0o600]);
    expect(modes.map(([name, mode]) => [name, mode.toString(8)])).toEqual(expected.map(([name, mode]) => [name, mode.toString(8)]));
  });
});
