import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage, createI18n, mergeSchoolTerms } from './createI18n';

describe('i18n (spec §8)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('starts in es-CO with the es dictionary and sets <html lang>', async () => {
    const i18n = await createI18n();
    await applyLanguage(i18n, 'es-CO');
    expect(i18n.t('nav.inbox')).toBe('Mensajes');
    expect(document.documentElement.lang).toBe('es-CO');
  });

  it('warns about a missing key and shows the key', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const i18n = await createI18n();
    await applyLanguage(i18n, 'de');
    expect(i18n.t('nowhere.toBeFound')).toBe('nowhere.toBeFound');
    expect(warn).toHaveBeenCalledWith('Missing translation: nowhere.toBeFound');
  });

  it('switches language at once', async () => {
    const i18n = await createI18n();
    await applyLanguage(i18n, 'es-CO');
    await applyLanguage(i18n, 'fr');
    expect(i18n.t('settings.signOut')).toBe('Se déconnecter');
    expect(document.documentElement.lang).toBe('fr');
  });

  it('merges the school terms over the built-in ones', async () => {
    const i18n = await createI18n();
    await applyLanguage(i18n, 'es-CO');
    await mergeSchoolTerms(i18n, 'es-CO', async () => ({ 'nav.highlights': 'Anuncios', 'nav.inbox': 42 }));
    expect(i18n.t('nav.highlights')).toBe('Anuncios');
    expect(i18n.t('nav.inbox')).toBe('Mensajes');
  });

  it('ignores a failing term map silently', async () => {
    const i18n = await createI18n();
    await applyLanguage(i18n, 'es-CO');
    await expect(mergeSchoolTerms(i18n, 'es-CO', () => Promise.reject(new Error('offline')))).resolves.toBeUndefined();
    expect(i18n.t('nav.highlights')).toBe('Cartelera');
  });
});

describe('fallback language', () => {
  it('loads English on the first missing key and uses it from then on', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const i18n = await createI18n();
    await applyLanguage(i18n, 'de');
    i18n.addResource('en', 'translation', 'extra.onlyInEnglish', 'Only in English');
    expect(i18n.t('extra.onlyInEnglish')).toBe('Only in English');
    expect(i18n.t('nowhere.key')).toBe('nowhere.key');
    await vi.waitFor(() => expect(i18n.hasResourceBundle('en', 'translation') && i18n.t('nav.inbox', { lng: 'en' })).toBe('Inbox'));
  });
});
