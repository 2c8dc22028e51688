// The ID card area to the rest of the server (.dependency-cruiser.cjs): a student's signed daily code
// for the card's QR and its check when staff scan it (issue 36 §3). Its own area because people hand
// the code out and attendance reads it back, and attendance already depends on people.
export { idcardsManifest } from './idcards.manifest';
export { idcardsPolicies } from './idcards.policy';
export { type IdCodeCheck, verifyIdCode } from './idcards.code';
export { findCardHolder, type CardHolderRow } from './idcards.queries';
