// The person tab to the rest of the server (.dependency-cruiser.cjs): a person's key facts and the
// posts addressed to them, each as much as the viewer's rights allow (issue 36 §1). Nothing builds on it.
export { persontabPolicies } from './persontab.policy';
export { persontabManifest } from './persontab.manifest';
