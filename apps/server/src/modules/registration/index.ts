// The registration area to the rest of the server: families who register themselves, and what the rest
// of the server must ask about such accounts. Other areas import from here only (.dependency-cruiser.cjs).
export { registrationRoutes } from './registration.routes';
export { registrationPolicies } from './registration.policy';
export { RegistrationLimiter } from './registration.limiter';
export { registrationChecks } from './registration.sign-in';
export { assertRegistrationAllows, type RegistrationVerdict, registrationVerdict } from './registration.gate';
export { findRegistrationStatus } from './registration.queries';
export { registrationMailJob } from './registration.notify';
export { listRegistrations } from './registration.list';
export { registrationManifest } from './registration.manifest';
