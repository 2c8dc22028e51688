// The auth area to the rest of the server: sign-in routes, access tokens, password hashing, one-time
// links (administrators' sign-in links, invitations, password resets) and setting a new password.
// Other areas import from here only (.dependency-cruiser.cjs).
export { authRoutes } from './auth.routes';
export { authPolicies } from './auth.policy';
export { AccessTokens, hashLoginToken, newLoginToken } from './tokens';
export { SignInLimiter } from './sign-in-limiter';
export { hashPassword, verifyPassword } from './password';
export { countDemoPasswordAccounts } from './demo-password';
export { consumeLoginToken, findLiveLoginToken, insertLoginToken, type LoginTokenPurpose, revokeLoginTokens } from './auth.queries';
export { type AccountRow, findAccounts } from './credentials.queries';
export { assertAcceptablePassword, PasswordRejected, passwordRejectionBody, storeNewPassword } from './new-password';
export { passwordResetJob } from './password-reset.job';
export { signInAs } from './sign-in-as';
export { ensureUsername } from './usernames';
export { authManifest } from './auth.manifest';
