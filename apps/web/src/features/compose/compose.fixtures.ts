/** Test data of the compose and sent screens (post types: postTypes.fixtures.ts). */
export { POST_TYPES, postType, signedIn } from '../postTypes/postTypes.fixtures';

export const card = (id: number, firstName: string, lastName: string, roles: string[] = []) => ({ id, firstName, lastName, lastName2: null, avatar: null, roles });
