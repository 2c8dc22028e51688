// What other screens use of More: the modules a person may open (the launcher shows them as tiles)
// and the count beside one.
export { MoreBadge } from './MoreBadge';
export { useOpenModules, type ModuleBadgeKind, type OpenModule, type OpenModules } from './useOpenModules';
