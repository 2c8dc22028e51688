// What other features may use of invitations: the administrators' panel (a group's people page), the
// next step of an import report and the section of a person's page.
export { InvitationsPanel, type InvitationsPanelProps } from './InvitationsPanel';
export { InviteFamiliesCallout } from './InviteFamiliesCallout';
export { PersonInvitationSection, type PersonInvitationSectionProps } from './PersonInvitationSection';
