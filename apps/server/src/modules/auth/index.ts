// The auth area to the rest of the server: sign-in routes, access tokens, password hashing and
// one-time sign-in links. Other areas import from here only (.dependency-cruiser.cjs).
export { authRoutes } from './auth.routes';
export { authPolicies } from './auth.policy';
export { AccessTokens, hashLoginToken, newLoginToken } from './tokens';
export { SignInLimiter } from './sign-in-limiter';
export { hashPassword, verifyPassword } from './password';
