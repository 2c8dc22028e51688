// What other features use of post types: the whole list (visible or not) and a type's name.
export { postTypeName } from './postTypeName';
export { usePostTypeList } from './usePostTypeList';
