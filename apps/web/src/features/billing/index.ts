// What other features may use of billing: the addresses of its screens (links from posts, menus).
export { billingAdminPath, billingPath, creditPath, debitPath } from './billingPaths';
