import { loadAdminWorkspaceTerms } from '@patio/core/i18n/adminWorkspace/index';
import { createLazyTerms } from '../../../app/i18n/createLazyTerms';

// The admin tab's menu and screens bring their texts with their own chunk, not with the first screen.
const adminWorkspaceTerms = createLazyTerms('withAdminWorkspaceTerms', loadAdminWorkspaceTerms);

export const withAdminWorkspaceTerms = adminWorkspaceTerms.withTerms;
