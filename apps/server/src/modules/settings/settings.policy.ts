import { always, definePolicy } from '../../policy/policy';

export const settingsPolicies = {
  /** GET vue/settings: public, the sign-in screen needs the school's colour and providers. */
  read: definePolicy({ method: 'GET', path: 'vue/settings', public: true, check: always }),
};
