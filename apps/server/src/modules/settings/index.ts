// The settings area to the rest of the server (.dependency-cruiser.cjs): a school's public settings.
export { settingsRoutes } from './settings.routes';
export { settingsPolicies } from './settings.policy';
export { allowsSignInByEmail, SIGN_IN_BY_EMAIL_KEY } from './sign-in-by-email';
export { timeZoneOf, TIME_ZONE_KEY } from './time-zone';
export { offersSignInLink } from './sign-in-link-setting';
export { schoolColorOf } from './school-color';
export { schoolLanguageOf } from './school-language';
export { schoolMailLookOf, type SchoolMailLook } from './school-mail';
export { availableSignInProviders, SIGN_IN_KEY, type SignInProvider, signInProviderOf, storedProviderOf } from './sign-in-providers';
export { settingsManifest } from './settings.manifest';
