// The demo school lets people sign in with their email address as well as their username, so the
// login screen of the demo shows "Usuario o correo". Appended as its own seed step.
import type { Database } from '../database';
import type { Org } from '../../policy/policy';
import { findOrgByCode, updateOrgSettings } from '../../modules/org/org.queries';
import { SIGN_IN_BY_EMAIL_KEY } from '../../modules/settings/sign-in-by-email';

export const signInByEmail = {
  name: 'sign-in-by-email',
  async run(db: Database, org: Org): Promise<void> {
    // The stored settings, not the copy read before the earlier steps ran.
    const settings = (await findOrgByCode(db, org.code))?.settings ?? org.settings;
    await updateOrgSettings(db, org.id, { ...settings, [SIGN_IN_BY_EMAIL_KEY]: true });
  },
};
