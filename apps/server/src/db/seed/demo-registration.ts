// The demo school takes family self-registrations, so /register shows its form and courses.
// Appended as its own seed step.
import type { Database } from '../database';
import type { Org } from '../../policy/policy';
import { findOrgByCode, updateOrgSettings } from '../../modules/org/org.queries';

export const selfRegistration = {
  name: 'self-registration',
  async run(db: Database, org: Org): Promise<void> {
    // The stored settings, not the copy read before the earlier steps ran.
    const settings = (await findOrgByCode(db, org.code))?.settings ?? org.settings;
    const registration = typeof settings.registration === 'object' && settings.registration !== null ? settings.registration : {};
    // The key registration.service isRegistrationEnabled reads.
    await updateOrgSettings(db, org.id, { ...settings, registration: { ...registration, enabled: true } });
  },
};
