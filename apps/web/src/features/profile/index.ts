// What other features may use of profile: the editor the settings screen embeds.
export { ProfileEditor } from './ProfileEditor';
