import { afterAll, expect, it } from 'vitest';
import { defaultRegistrationLimits } from '../../config';
import { describeOnDatabases } from '../../test/harness';
import { familyForm, registeringSchool, registrantId } from './registration.fixtures';
import { verificationMail } from './registration.mail';
import { startSmtpCatcher } from './smtp-catcher';

// Issue 8: the language a family picks before registering becomes the parent's language and the
// language of the verification mail; only the six languages are ever stored.

const smtp = await startSmtpCatcher();
afterAll(() => smtp.close());

describeOnDatabases(
  'the language of a registering family',
  (t) => {
    /** Registers `language` and answers what was stored for the parent and the mail they got. */
    async function register(language: unknown) {
      const { school, tree, url, adminToken } = await registeringSchool(t);
      const body = familyForm(tree.classA, { language });
      const created = await t.request({ method: 'POST', url, body });
      expect(created.statusCode, created.body).toBe(202);
      await t.drainJobs();
      const personId = await registrantId(t, school, body.email);
      const person = await t.db.selectFrom('people').select('language').where('org_id', '=', school.id).where('id', '=', personId).executeTakeFirstOrThrow();
      const registration = await t.db.selectFrom('registrations').select('language').where('org_id', '=', school.id).where('person_id', '=', personId).executeTakeFirstOrThrow();
      const mail = smtp.mails.filter((m) => m.to.includes(body.email)).at(-1);
      return { school, personId, adminToken, stored: [person.language, registration.language], subject: mail?.subject };
    }

    it('stores the picked language as the parent’s language and mails the verification link in it', async () => {
      for (const language of ['es', 'en', 'de', 'fr', 'it', 'pt']) {
        const { school, stored, subject } = await register(language);
        expect(stored, language).toEqual([language, language]);
        expect(subject, language).toBe(verificationMail(language, { name: 'Laura', school: school.title, link: '' }).subject);
      }
    });

    it('shows the administrator the registered person’s language on their profile', async () => {
      const { school, personId, adminToken } = await register('de');
      const profile = await t.request({ method: 'GET', url: `/api/${school.code}/people/${personId}`, token: adminToken });
      expect(profile.statusCode, profile.body).toBe(200);
      expect(profile.json().language).toBe('de');
    });

    it('reads an interface tag as its language and stores Spanish for anything that is not one of the six', async () => {
      const cases: Array<[unknown, string]> = [
        ['es-CO', 'es'], ['pt-BR', 'pt'], ['FR', 'fr'],
        [undefined, 'es'], [null, 'es'], ['ja', 'es'], ['de-', 'de'], [['de'], 'es'], [{ code: 'de' }, 'es'], ['x'.repeat(20_000), 'es'],
      ];
      for (const [language, expected] of cases) {
        const { school, stored, subject } = await register(language);
        expect(stored, String(language).slice(0, 20)).toEqual([expected, expected]);
        expect(subject).toBe(verificationMail(expected, { name: 'Laura', school: school.title, link: '' }).subject);
      }
    });

    it('refuses a language with a NUL character and creates nobody', async () => {
      const { school, tree, url } = await registeringSchool(t);
      const body = familyForm(tree.classA, { language: 'de\u0000' });
      const refused = await t.request({ method: 'POST', url, body });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toBe('invalid_characters');
      const people = await t.db.selectFrom('people').select('id').where('org_id', '=', school.id).where('username', '=', body.email).execute();
      expect(people).toEqual([]);
    });
  },
  { smtpUrl: smtp.url, registrationLimits: { ...defaultRegistrationLimits, registrationsPerIp: 1000 } },
);
