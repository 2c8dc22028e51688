// What other features may use of registration: the sign-in screen's link and its pending-family check.
export { fetchMyRegistration } from './myRegistration';
export { RegisterLink } from './RegisterLink';
// The strength meter and its live check, for every screen that sets a new password (welcome, reset).
export { PasswordStrength } from './PasswordStrength';
export { loadPasswordPolicy, usePasswordCheck } from './usePasswordCheck';
