import { z } from 'zod';
import { always, definePolicy, isSchoolAdmin } from '../../policy/policy';

export const settingsPolicies = {
  /** GET vue/settings: public, the sign-in screen needs the school's colour and providers. */
  read: definePolicy({ method: 'GET', path: 'vue/settings', public: true, check: always }),
  /** PUT settings/sign-in: school administrators choose how their people sign in. */
  updateSignIn: definePolicy({ method: 'PUT', path: 'settings/sign-in', check: isSchoolAdmin }),
  /** PUT settings/legacy-host: school administrators say where their legacy modules live. */
  updateLegacyHost: definePolicy({ method: 'PUT', path: 'settings/legacy-host', check: isSchoolAdmin }),
  /** PUT settings/time-zone: school administrators set the zone of the school's calendar. */
  updateTimeZone: definePolicy({ method: 'PUT', path: 'settings/time-zone', check: isSchoolAdmin }),
  /** GET/PUT settings/appearance: school administrators set the school's name, colour, logo, language, zone and sign-in methods. */
  readAppearance: definePolicy({ method: 'GET', path: 'settings/appearance', check: isSchoolAdmin }),
  updateAppearance: definePolicy({ method: 'PUT', path: 'settings/appearance', check: isSchoolAdmin }),
  /** The logo image: public, like GET vue/settings that points to it. */
  readLogo: definePolicy({ method: 'GET', path: 'settings/appearance/logo/:file', params: z.object({ file: z.string().max(100) }), public: true, check: always }),
};
