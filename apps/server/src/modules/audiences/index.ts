// The audiences area to the rest of the server (.dependency-cruiser.cjs): person-selection rules. Posts
// and messages address an audience with resolveAudience (caller-free, so jobs may call it) after
// checkRuleForCaller has checked the rule against the caller who wrote it.
export { audienceRoutes } from './audiences.routes';
export { audiencePolicies } from './audiences.policy';
export { checkAudienceRule, resolveAudience } from './audiences.service';
export { checkRuleForCaller } from './audiences.access';
export { audiencesManifest } from './audiences.manifest';
