// The form or poll block: what the block registry shows for blocks of type `form`.
export { FormBlock } from './FormBlock';
