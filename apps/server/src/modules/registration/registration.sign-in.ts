import type { RegistrationChecks } from '../../http/context';
import { deleteExpiredRegistrations, isEmailUnverified } from './registration.queries';

/**
 * Password sign-in and self-registration (AppServices.registrationChecks): an unverified registration
 * past its time is gone before anyone signs in with its email, and an unverified email cannot sign in.
 */
export const registrationChecks: RegistrationChecks = {
  async dropExpired(db, orgId, username) {
    await deleteExpiredRegistrations(db, orgId, { username });
  },
  isEmailUnverified,
};
