import { expect, it } from 'vitest';
import { describeOnDatabases } from '../../test/harness';
import { upsertTermOverrides } from './i18n.queries';

describeOnDatabases('school term maps', (t) => {
  it("answers the school's overrides on both paths, per language and per school", async () => {
    const school = await t.makeSchool();
    const other = await t.makeSchool();
    await upsertTermOverrides(t.db, school.id, 'es', { 'terms.course': 'Grado' });
    await upsertTermOverrides(t.db, school.id, 'es', { 'terms.course': 'Salón', 'terms.relative': 'Acudiente' });
    await upsertTermOverrides(t.db, other.id, 'es', { 'terms.course': 'Curso' });
    for (const prefix of ['vue', '1']) {
      const es = await t.request({ method: 'GET', url: `/api/${school.code}/${prefix}/i18n/languages/es` });
      expect(es.statusCode).toBe(200);
      expect(es.json()).toEqual({ 'terms.course': 'Salón', 'terms.relative': 'Acudiente' });
      const esCo = await t.request({ method: 'GET', url: `/api/${school.code}/${prefix}/i18n/languages/es-CO` });
      expect(esCo.json()).toEqual(es.json());
      const de = await t.request({ method: 'GET', url: `/api/${school.code}/${prefix}/i18n/languages/de` });
      expect(de.json()).toEqual({});
    }
  });

  it('answers 404 for an unknown language', async () => {
    const school = await t.makeSchool();
    for (const lang of ['xx', 'klingon', 'e']) {
      const res = await t.request({ method: 'GET', url: `/api/${school.code}/vue/i18n/languages/${lang}` });
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe('not_found');
    }
  });
});
