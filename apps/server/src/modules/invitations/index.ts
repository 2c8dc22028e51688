// The invitations area to the rest of the server: administrators invite families (one mail with a
// one-time link each), follow who got in, and invited people set their first password on the welcome
// screen. Other areas import from here only (.dependency-cruiser.cjs).
export { invitationsRoutes } from './invitations.routes';
export { invitationsPolicies } from './invitations.policy';
export { invitationMailJob } from './invitation.notify';
export { invitationsManifest } from './invitations.manifest';
