// WCAG 2 contrast helpers live in core, shared with the server's check of a school's colour.
export { contrastRatio, darkenForWhiteText } from '@patio/core/color/contrast';
