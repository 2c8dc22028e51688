import { z } from 'zod';
import { always, definePolicy } from '../../policy/policy';

const params = z.object({ lang: z.string().min(1).max(20) });

export const i18nPolicies = {
  /** GET vue/i18n/languages/{lang}: the school's term overrides, public (login screen). */
  readTerms: definePolicy({ method: 'GET', path: 'vue/i18n/languages/:lang', params, public: true, check: always }),
  /** GET 1/i18n/languages/{lang}: the same map on the older path (spec §7). */
  readTermsLegacy: definePolicy({ method: 'GET', path: '1/i18n/languages/:lang', params, public: true, check: always }),
};
