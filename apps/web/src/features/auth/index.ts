// What other features may use of auth: the new-password checks, for settings' password change.
export { findPasswordProblem, refusedPasswordCode, type NewPasswordProblem } from './newPassword';
