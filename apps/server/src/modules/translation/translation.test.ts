import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TranslationSettings } from '../../config';
import { describeOnDatabases, type TestApp } from '../../test/harness';
import type { TestPerson } from '../../test/factories';
import { makeRegistrant } from '../../test/registrants';
import { rewritePublishedPost } from '../posts/index';
import { startFakeLibreTranslate, type FakeLibreTranslate } from './translation.fixtures';

// Issue 33 item 9: a post says which language it is written in, and a reader can read it in theirs
// through the operator's translation service (here a LibreTranslate stand-in on 127.0.0.1).

let libre: FakeLibreTranslate;
// The suites' apps read this object at each request: its url is the stand-in's once it listens.
const settings: TranslationSettings = { provider: 'libretranslate', url: 'http://127.0.0.1:9', apiKey: 'test-key' };

beforeAll(async () => {
  libre = await startFakeLibreTranslate();
  settings.url = libre.base;
});
afterAll(() => libre.close());

interface Family {
  author: TestPerson;
  parent: TestPerson;
  otherParent: TestPerson;
}

async function family(t: TestApp): Promise<Family> {
  const school = await t.makeSchool();
  const author = await t.makePerson(school, { role: 'admin', firstName: 'Laura' });
  const parent = await t.makePerson(school, { firstName: 'Ana' });
  const otherParent = await t.makePerson(school, { firstName: 'Berta' });
  return { author, parent, otherParent };
}

async function publish(t: TestApp, author: TestPerson, to: TestPerson[], extra: Record<string, unknown> = {}): Promise<number> {
  const response = await t.request({
    method: 'POST',
    url: `/api/${author.org.code}/people/${author.id}/posts/sent`,
    token: await t.signIn(author),
    body: { type: 'circular', title: 'Salida al museo', description: '<p>El viernes vamos al museo.</p>', audience: { people: to.map((p) => p.id), rules: null, relatives: false }, ...extra },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

async function translate(t: TestApp, reader: TestPerson, postId: number, language: unknown, code = reader.org.code) {
  return t.request({ method: 'POST', url: `/api/${code}/posts/${postId}/translations`, token: await t.signIn(reader), body: { language } });
}

describeOnDatabases(
  'post translation',
  (t) => {
    it('item 9: a post is written in its author’s interface language unless the request names one, and reads say so', async () => {
      const { author, parent } = await family(t);
      await t.db.updateTable('people').set({ language: 'en' }).where('org_id', '=', author.org.id).where('id', '=', author.id).execute();
      const byDefault = await publish(t, author, [parent]);
      const chosen = await publish(t, author, [parent], { language: 'fr' });
      const token = await t.signIn(parent);
      const read = async (id: number) => (await t.request({ method: 'GET', url: `/api/${author.org.code}/posts/${id}`, token })).json().language;
      expect(await read(byDefault)).toBe('en');
      expect(await read(chosen)).toBe('fr');
      const bad = await publish(t, author, [parent], { language: 'xx' }).catch((err: Error) => err);
      expect(bad).toBeInstanceOf(Error);
    });

    it('item 9: GET translation says the service is available', async () => {
      const { parent } = await family(t);
      const response = await t.request({ method: 'GET', url: `/api/${parent.org.code}/translation`, token: await t.signIn(parent) });
      expect(response.json()).toEqual({ available: true });
    });

    it('item 9: a reader gets the post in their language, kept per post and language (no second upstream call)', async () => {
      const { author, parent } = await family(t);
      const postId = await publish(t, author, [parent]);
      const before = libre.calls.length;
      const first = await translate(t, parent, postId, 'en');
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toEqual({ language: 'en', title: '[en] Salida al museo', description: '<p>[en] El viernes vamos al museo.</p>' });
      expect(libre.calls.slice(before)).toEqual([
        { q: ['Salida al museo', '<p>El viernes vamos al museo.</p>'], source: 'es', target: 'en', format: 'html', api_key: 'test-key' },
      ]);
      const again = await translate(t, author, postId, 'en');
      expect(again.json()).toEqual(first.json());
      expect(libre.calls.length).toBe(before + 1);
      const german = await translate(t, parent, postId, 'de');
      expect(german.json().title).toBe('[de] Salida al museo');
      expect(libre.calls.length).toBe(before + 2);
      const rows = await t.db.selectFrom('post_translations').select(['language']).where('org_id', '=', author.org.id).where('post_id', '=', postId).orderBy('language').execute();
      expect(rows.map((r) => r.language)).toEqual(['de', 'en']);
    });

    it('item 9: a post already in the asked language answers itself without the service', async () => {
      const { author, parent } = await family(t);
      const postId = await publish(t, author, [parent]);
      const before = libre.calls.length;
      const same = await translate(t, parent, postId, 'es');
      expect(same.json()).toEqual({ language: 'es', title: 'Salida al museo', description: '<p>El viernes vamos al museo.</p>' });
      expect(libre.calls.length).toBe(before);
    });

    it('item 9: a translation made before the post changed is made again', async () => {
      const { author, parent } = await family(t);
      const postId = await publish(t, author, [parent]);
      await translate(t, parent, postId, 'en');
      await rewritePublishedPost(t.db, author.org.id, postId, { title: 'Salida aplazada', description: '<p>Vamos el lunes.</p>' });
      const before = libre.calls.length;
      const fresh = await translate(t, parent, postId, 'en');
      expect(fresh.json()).toEqual({ language: 'en', title: '[en] Salida aplazada', description: '<p>[en] Vamos el lunes.</p>' });
      expect(libre.calls.length).toBe(before + 1);
      const rows = await t.db.selectFrom('post_translations').select('title').where('org_id', '=', author.org.id).where('post_id', '=', postId).execute();
      expect(rows).toEqual([{ title: '[en] Salida aplazada' }]);
    });

    it('item 9: only readers of the post may translate it, with the same 404 as the post (another family, another school, an unapproved registration)', async () => {
      const { author, parent, otherParent } = await family(t);
      const postId = await publish(t, author, [parent]);
      expect((await translate(t, parent, postId, 'en')).statusCode).toBe(200);
      const before = libre.calls.length;
      const postRead = await t.request({ method: 'GET', url: `/api/${author.org.code}/posts/${postId}`, token: await t.signIn(otherParent) });
      const other = await translate(t, otherParent, postId, 'en');
      expect(postRead.statusCode).toBe(404);
      expect(other.statusCode).toBe(404);
      expect(other.json()).toEqual(postRead.json());
      // Cached or not, and for an id that does not exist: the same answer.
      expect((await translate(t, otherParent, postId, 'de')).json()).toEqual(postRead.json());
      expect((await translate(t, otherParent, postId + 100_000, 'en')).json()).toEqual(postRead.json());

      const elsewhere = await family(t);
      expect((await translate(t, elsewhere.parent, postId, 'en')).statusCode).toBe(404);
      const foreignToken = await translate(t, elsewhere.parent, postId, 'en', author.org.code);
      expect(foreignToken.statusCode).toBe(403);

      const registrant = await makeRegistrant(t, author.org);
      const registrantPost = await t.request({ method: 'GET', url: `/api/${author.org.code}/posts/${postId}`, token: await t.signIn(registrant) });
      const registrantTranslation = await translate(t, registrant, postId, 'en');
      expect(registrantTranslation.statusCode).toBe(registrantPost.statusCode);
      expect(registrantTranslation.json().error).toBe(registrantPost.json().error);
      expect(libre.calls.length).toBe(before);
    });

    it('item 9: 20 parallel requests for one post and language make one upstream call and one row', async () => {
      const { author, parent } = await family(t);
      const postId = await publish(t, author, [parent]);
      const token = await t.signIn(parent);
      const before = libre.calls.length;
      libre.delayMs = 150;
      try {
        const answers = await Promise.all(
          Array.from({ length: 20 }, () => t.request({ method: 'POST', url: `/api/${author.org.code}/posts/${postId}/translations`, token, body: { language: 'it' } })),
        );
        expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
        expect(new Set(answers.map((a) => a.body)).size).toBe(1);
      } finally {
        libre.delayMs = 0;
      }
      expect(libre.calls.length).toBe(before + 1);
      const rows = await t.db.selectFrom('post_translations').select('id').where('org_id', '=', author.org.id).where('post_id', '=', postId).execute();
      expect(rows).toHaveLength(1);
    });

    it('item 9: the service failing is a clear 503 translation_unavailable, and nothing is kept', async () => {
      const { author, parent } = await family(t);
      const postId = await publish(t, author, [parent]);
      libre.mode = 'fail';
      try {
        const failed = await translate(t, parent, postId, 'pt');
        expect(failed.statusCode).toBe(503);
        expect(failed.json().error).toBe('translation_unavailable');
      } finally {
        libre.mode = 'ok';
      }
      const rows = await t.db.selectFrom('post_translations').select('id').where('org_id', '=', author.org.id).where('post_id', '=', postId).execute();
      expect(rows).toEqual([]);
      expect((await translate(t, parent, postId, 'pt')).statusCode).toBe(200);
    });

    it('item 9: scripts, handlers and javascript: links in the service’s answer are stripped before it is kept or served', async () => {
      const { author, parent } = await family(t);
      const postId = await publish(t, author, [parent]);
      libre.mode = 'hostile';
      try {
        const answer = await translate(t, parent, postId, 'fr');
        expect(answer.statusCode).toBe(200);
        const { title, description } = answer.json();
        for (const text of [title, description]) {
          expect(text).not.toMatch(/<script|onerror|javascript:/i);
        }
        expect(description).toContain('[fr] El viernes vamos al museo.');
        const stored = await t.db.selectFrom('post_translations').select(['title', 'description']).where('org_id', '=', author.org.id).where('post_id', '=', postId).executeTakeFirstOrThrow();
        expect(stored.description).not.toMatch(/<script|onerror|javascript:/i);
      } finally {
        libre.mode = 'ok';
      }
    });

    it('item 9: NUL bytes, unknown languages and huge bodies are 400/413, never a 500, and reach no service', async () => {
      const { author, parent } = await family(t);
      const postId = await publish(t, author, [parent]);
      const before = libre.calls.length;
      for (const language of ['en\u0000', 'xx', '', null, 42, 'e'.repeat(500)]) {
        const answer = await translate(t, parent, postId, language);
        expect(answer.statusCode, String(language)).toBe(400);
        // NUL bytes are refused before validation (http/input-guard.ts).
        expect(['invalid_request', 'invalid_characters']).toContain(answer.json().error);
      }
      const token = await t.signIn(parent);
      const huge = await t.request({ method: 'POST', url: `/api/${author.org.code}/posts/${postId}/translations`, token, body: { language: 'en', pad: 'x'.repeat(2_000_000) } });
      expect(huge.statusCode).toBe(413);
      const nulInPath = await t.request({ method: 'POST', url: `/api/${author.org.code}/posts/1%00/translations`, token, body: { language: 'en' } });
      expect(nulInPath.statusCode).toBe(400);
      const long = await publish(t, author, [parent], { description: `<p>${'palabra '.repeat(15_000)}</p>` });
      const tooLong = await translate(t, parent, long, 'en');
      expect(tooLong.statusCode).toBe(413);
      expect(tooLong.json().error).toBe('too_long_to_translate');
      expect(libre.calls.length).toBe(before);
    });
  },
  { translation: settings },
);

describeOnDatabases('post translation without a service', (t) => {
  it('item 9: without a configured service GET translation says so and translating is 409 translation_off', async () => {
    const school = await t.makeSchool();
    const author = await t.makePerson(school, { role: 'admin' });
    const parent = await t.makePerson(school);
    const token = await t.signIn(parent);
    expect((await t.request({ method: 'GET', url: `/api/${school.code}/translation`, token })).json()).toEqual({ available: false });
    const postId = await publish(t, author, [parent]);
    const answer = await translate(t, parent, postId, 'en');
    expect(answer.statusCode).toBe(409);
    expect(answer.json().error).toBe('translation_off');
  });
});
