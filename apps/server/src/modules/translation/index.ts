// The translation area to the rest of the server (.dependency-cruiser.cjs): posts read in another
// language through the operator's translation service (decision 029). It builds on the posts area.
export { translationManifest } from './translation.manifest';
