import { describe, expect, it } from 'vitest';
import * as core from './index';

describe('@patio/core public surface', () => {
  it.each([
    'evaluateCondition', 'parseCondition', 'renderTemplate', 'runAction', 'serializeQuery', 'appendQuery',
    'formatBytes', 'formatPostDate', 'numberToSpanishWords', 'resolveCurrency', 'formatMoney', 'buildAvatar',
    'buildPersonAvatar', 'hasAvatar', 'formatPersonName', 'decodeToken', 'isTokenExpired', 'verifyMicrosoftIdToken',
    'resolveLanguage',
  ])('exports the function %s', (name) => {
    expect(typeof (core as Record<string, unknown>)[name]).toBe('function');
  });

  it('exports the spec §9 constants', () => {
    expect(core.UPLOAD_MAX_BYTES).toBe(536_870_912);
    expect(core.DEFAULT_PAGE_SIZE).toBe(20);
    expect(core.MICROSOFT_CLOCK_SKEW_S).toBe(300);
    expect(core.LANGUAGES).toEqual(['es', 'en', 'de', 'fr', 'it', 'pt']);
    expect(core.ZLanguage.options).toEqual([...core.LANGUAGES]); // schema and constant agree
  });
});
