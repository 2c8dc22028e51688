import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { decodeQuotedPrintable } from '../../test/mail-text';
import { expect, it } from 'vitest';
import { multipartBody } from '../../test/multipart';
import type { TestPerson } from '../../test/factories';
import { describeOnDatabases, type TestApp } from '../../test/harness';

/** Uploads `data` to the person's own folder; answers the new file's id. */
async function upload(t: TestApp, code: string, person: TestPerson, filename: string, data: Buffer | string, contentType: string): Promise<number> {
  const { payload, headers } = multipartBody(filename, data, { contentType });
  const res = await t.request({ method: 'POST', url: `/api/${code}/people/${person.id}/uploads`, token: await t.signIn(person), body: payload, headers });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: number }[])[0].id;
}

const redSquare = () => sharp({ create: { width: 900, height: 600, channels: 3, background: '#aa3300' } }).jpeg().toBuffer();

describeOnDatabases('school appearance (issue 33 item 4)', (t) => {
  const base = { name: 'Colegio Los Andes', color: '#0B6E4F', logo: null, language: 'en', timeZone: 'Europe/Madrid' };
  const put = (code: string, token: string | undefined, body: unknown) => t.request({ method: 'PUT', url: `/api/${code}/settings/appearance`, token, body });
  const get = (code: string, token: string | undefined) => t.request({ method: 'GET', url: `/api/${code}/settings/appearance`, token });
  const publicOf = async (code: string) => (await t.request({ method: 'GET', url: `/api/${code}/vue/settings` })).json();

  it('item 4: an administrator reads and sets name, colour, language and time zone; GET vue/settings and the directory follow, other keys survive', async () => {
    const school = await t.makeSchool({ title: 'Colegio Viejo', settings: { signInByEmail: true, public: { city: 'Cali' } } });
    const token = await t.signIn(await t.makePerson(school, { role: 'admin' }));
    const before = await get(school.code, token);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json()).toEqual({
      name: 'Colegio Viejo',
      color: '#1C89B8',
      logo: null,
      language: 'es',
      timeZone: 'America/Bogota',
      signInMethods: { password: true, link: true, providers: { google: false, office: false, apple: false } },
    });

    const set = await put(school.code, token, { ...base, name: '  Colegio Los Andes ', color: '#0b6e4f' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ ...base, color: '#0B6E4F' });
    expect(await publicOf(school.code)).toMatchObject({ title: 'Colegio Los Andes', color: '#0B6E4F', language: 'en', timeZone: 'Europe/Madrid', signInByEmail: true, city: 'Cali' });
    expect((await t.request({ method: 'GET', url: `/api/directory/${school.code}` })).json()).toMatchObject({ title: 'Colegio Los Andes' });
    expect((await get(school.code, token)).json()).toEqual(set.json());
  });

  it('item 4: refuses a bad name, colour, unreadable colour, language or zone with its own 400 code, and changes nothing', async () => {
    const school = await t.makeSchool({ title: 'Colegio Firme', settings: { color: '#AA3300', timeZone: 'Europe/Madrid' } });
    const token = await t.signIn(await t.makePerson(school, { role: 'admin' }));
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ name: '   ' }, /^invalid_name$/],
      [{ name: 'x'.repeat(201) }, /^invalid_name$/],
      [{ name: 'x'.repeat(5000) }, /^invalid_request$/],
      [{ name: 'Colegio\u0000Nulo' }, /^(invalid_characters|invalid_name)$/],
      [{ color: 'red' }, /^invalid_color$/],
      [{ color: '#FFF' }, /^invalid_color$/],
      [{ color: '#FFFF00' }, /^color_unreadable$/],
      [{ color: '#FFFFFF' }, /^color_unreadable$/],
      [{ language: 'xx' }, /^invalid_language$/],
      [{ language: 'es-CO' }, /^invalid_language$/],
      [{ timeZone: 'Mars/Olympus' }, /^invalid_time_zone$/],
      [{ logo: 'https://evil.example/x.png' }, /^invalid_logo$/],
      [{ logo: 999999999 }, /^logo_not_found$/],
      [{ extra: 1 }, /^invalid_request$/],
      [{ signInMethods: { link: 'no' } }, /^invalid_request$/],
    ];
    for (const [change, code] of cases) {
      const res = await put(school.code, token, { ...base, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().error, JSON.stringify(change)).toMatch(code);
    }
    const unreadable = await put(school.code, token, { ...base, color: '#FFFF00' });
    expect(unreadable.json().message).toMatch(/darker/);
    expect((await get(school.code, token)).json()).toMatchObject({ name: 'Colegio Firme', color: '#AA3300', timeZone: 'Europe/Madrid', language: 'es' });
  });

  it('item 4: a logo upload is re-encoded as a PNG that anyone loads without a token, with a safe type and nosniff', async () => {
    const school = await t.makeSchool();
    const admin = await t.makePerson(school, { role: 'admin' });
    const token = await t.signIn(admin);
    const fileId = await upload(t, school.code, admin, 'escudo.jpg', await redSquare(), 'image/jpeg');
    const set = await put(school.code, token, { ...base, logo: fileId });
    expect(set.statusCode, set.body).toBe(200);
    const logo = set.json().logo as string;
    expect(logo).toMatch(new RegExp(`^https?://[^/]+/api/${school.code}/settings/appearance/logo/[0-9a-f]{32}\\.png$`));
    expect((await publicOf(school.code)).logo).toBe(logo);
    expect((await t.request({ method: 'GET', url: `/api/directory/${school.code}` })).json().logo).toBe(logo);

    const image = await t.request({ method: 'GET', url: new URL(logo).pathname });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(image.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 512, height: 341 });

    // Keeping it: the current address; removing it: null.
    expect((await put(school.code, token, { ...base, name: 'Otro', logo })).json().logo).toBe(logo);
    expect((await put(school.code, token, { ...base, logo: null })).json().logo).toBeNull();
    // Another school's code does not serve this school's logo; names that are not logos are 404.
    const other = await t.makeSchool();
    expect((await t.request({ method: 'GET', url: new URL(logo).pathname.replace(school.code, other.code) })).statusCode).toBe(404);
    for (const name of ['..%2f..%2fpatio.sqlite', 'x.png', 'logo.svg']) {
      expect((await t.request({ method: 'GET', url: `/api/${school.code}/settings/appearance/logo/${name}` })).statusCode, name).toBe(404);
    }
  });

  it('item 4: refuses an SVG (with or without script), a non-image, an oversized file and someone else\'s upload', async () => {
    const school = await t.makeSchool({ settings: { color: '#AA3300' } });
    const admin = await t.makePerson(school, { role: 'admin' });
    const colleague = await t.makePerson(school, { role: 'admin' });
    const token = await t.signIn(admin);
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script><rect width="10" height="10" fill="red"/></svg>';
    const tries: [number, string][] = [
      [await upload(t, school.code, admin, 'logo.svg', svg, 'image/svg+xml'), 'logo_type_refused'],
      [await upload(t, school.code, admin, 'logo.png', svg, 'image/png'), 'logo_type_refused'],
      [await upload(t, school.code, admin, 'logo.png', 'not an image at all', 'image/png'), 'logo_type_refused'],
      [await upload(t, school.code, admin, 'big.png', Buffer.alloc(2 * 1024 * 1024 + 1, 1), 'image/png'), 'logo_too_large'],
      [await upload(t, school.code, colleague, 'theirs.jpg', await redSquare(), 'image/jpeg'), 'logo_not_found'],
    ];
    for (const [fileId, code] of tries) {
      const res = await put(school.code, token, { ...base, logo: fileId });
      expect(res.statusCode, code).toBe(400);
      expect(res.json().error).toBe(code);
    }
    expect((await get(school.code, token)).json()).toMatchObject({ logo: null, color: '#AA3300' });
  });

  it('item 4: is for school administrators: teacher, parent and student 403, guest 401, another school\'s administrator 403', async () => {
    const school = await t.makeSchool();
    const other = await t.makeSchool();
    const student = await t.makePerson(school, { role: 'student' });
    const callers = [
      await t.makePerson(school, { role: 'teacher' }),
      await t.makePerson(school, { role: 'relative', relativeOf: student }),
      student,
      await t.makePerson(other, { role: 'admin' }),
    ];
    for (const person of callers) {
      const token = await t.signIn(person);
      expect((await get(school.code, token)).statusCode).toBe(403);
      expect((await put(school.code, token, base)).statusCode).toBe(403);
    }
    expect((await get(school.code, undefined)).statusCode).toBe(401);
    expect((await put(school.code, undefined, base)).statusCode).toBe(401);
    expect((await publicOf(school.code)).title).toBe(school.title);
  });

  it('item 4: 20 parallel saves leave exactly one of them, name and colour together', async () => {
    const school = await t.makeSchool({ settings: { signInByEmail: true } });
    const token = await t.signIn(await t.makePerson(school, { role: 'admin' }));
    const colors = Array.from({ length: 20 }, (_, i) => `#${(0x100000 + i * 0x030201).toString(16).toUpperCase()}`);
    const answers = await Promise.all(colors.map((color, i) => put(school.code, token, { ...base, name: `Colegio ${i}`, color })));
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    const now = (await get(school.code, token)).json();
    const index = Number(/^Colegio (\d+)$/.exec(now.name)![1]);
    expect(now.color).toBe(colors[index]);
    expect((await publicOf(school.code)).signInByEmail).toBe(true);
  });

  it('item 4: with mailed sign-in links turned off, GET vue/settings says so and POST sign-in-links answers 403 sign_in_link_off', async () => {
    const school = await t.makeSchool();
    const token = await t.signIn(await t.makePerson(school, { role: 'admin' }));
    const ask = () => t.request({ method: 'POST', url: `/api/${school.code}/sign-in-links`, body: { login: 'nadie' } });
    expect((await publicOf(school.code)).signInLink).toBe(true);
    expect((await ask()).statusCode).toBe(202);

    const off = await put(school.code, token, { ...base, signInMethods: { link: false } });
    expect(off.json().signInMethods).toMatchObject({ password: true, link: false });
    expect((await publicOf(school.code)).signInLink).toBe(false);
    const refused = await ask();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'sign_in_link_off' });

    // Left out, the setting stays as it is.
    expect((await put(school.code, token, base)).json().signInMethods.link).toBe(false);
    await put(school.code, token, { ...base, signInMethods: { link: true } });
    expect((await ask()).statusCode).toBe(202);
  });

  it('item 4: a mailed sign-in link carries the school header: its logo at an absolute address and its name on its colour', async () => {
    const school = await t.makeSchool();
    const admin = await t.makePerson(school, { role: 'admin' });
    const fileId = await upload(t, school.code, admin, 'escudo.jpg', await redSquare(), 'image/jpeg');
    const logo = (await put(school.code, await t.signIn(admin), { ...base, name: 'Colegio Con Marca', color: '#6A1B9A', logo: fileId })).json().logo as string;
    const parent = await t.makePerson(school, { username: `marca${Date.now()}` });
    expect((await t.request({ method: 'POST', url: `/api/${school.code}/sign-in-links`, body: { login: parent.username } })).statusCode).toBe(202);
    await t.drainJobs();
    const dir = join(t.config.dataDir, 'mail');
    const raws = await Promise.all((await readdir(dir)).filter((f) => f.endsWith('.eml')).map((f) => readFile(join(dir, f), 'utf8')));
    const mail = raws.map(decodeQuotedPrintable).find((raw) => raw.includes(`${parent.username}@example.com`) && raw.includes('data-brand-header'));
    expect(mail, 'a branded mail to the parent').toBeDefined();
    // Absolute, from the origin of every mailed link (PUBLIC_URL), whoever's host the administrator used.
    expect(mail).toMatch(new RegExp(`<img src="https?://[^/"]+${new URL(logo).pathname.replace(/\./g, '\\.')}"`));
    expect(mail).toContain('background:#6A1B9A;color:#fff');
    expect(mail).toContain('Colegio Con Marca');
  });

  it("item 4: an invitation mail carries the school header, and reaches a person with no language in the school's language", async () => {
    const school = await t.makeSchool();
    const admin = await t.makePerson(school, { role: 'admin' });
    const token = await t.signIn(admin);
    const fileId = await upload(t, school.code, admin, 'escudo.jpg', await redSquare(), 'image/jpeg');
    const logo = (await put(school.code, token, { ...base, name: 'Colegio Invitador', color: '#6A1B9A', logo: fileId, language: 'en' })).json().logo as string;
    const student = await t.makePerson(school, { role: 'student' });
    const parent = await t.makePerson(school, { relativeOf: student, firstName: 'Sinidioma' });
    await t.db.updateTable('people').set({ language: null }).where('org_id', '=', school.id).where('id', '=', parent.id).execute();
    const spanish = await t.makePerson(school, { relativeOf: student, firstName: 'Hispana' });
    for (const person of [parent, spanish]) {
      expect((await t.request({ method: 'POST', url: `/api/${school.code}/invitations/${person.id}`, token })).statusCode).toBe(200);
    }
    await t.drainJobs();
    const mailTo = async (address: string) => {
      const dir = join(t.config.dataDir, 'mail');
      const raws = await Promise.all((await readdir(dir)).filter((f) => f.endsWith('.eml')).map((f) => readFile(join(dir, f), 'utf8')));
      return raws.map(decodeQuotedPrintable).find((raw) => raw.includes(address) && raw.includes('/welcome?school='));
    };
    const mail = await mailTo(`${parent.username}@example.com`);
    expect(mail, 'an invitation to the parent').toBeDefined();
    // No language of her own: the school's (set to English above), in the subject, the text and the HTML part.
    expect(mail).toContain('Subject: Your link to sign in to Patio at Colegio Invitador');
    expect(mail).toContain('Content-Type: text/html');
    expect(mail).toContain('<html lang="en">');
    expect(mail).toContain('data-brand-header');
    expect(mail).toMatch(new RegExp(`<img src="https?://[^/"]+${new URL(logo).pathname.replace(/\./g, '\\.')}"`));
    expect(mail).toContain('background:#6A1B9A;color:#fff');
    // A person's own language still wins over the school's.
    expect(await mailTo(`${spanish.username}@example.com`)).toContain('Subject: Tu enlace para entrar a Patio de Colegio Invitador');
  });
});
