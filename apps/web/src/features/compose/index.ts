// What other features use of compose: the address that opens it prefilled ("write to", "quote", a
// group's classroom), and the post it quotes or a sent screen shows (GET posts/{id}).
export { classroomComposePath } from './classroomTarget';
export { composePath } from './composePath';
export { usePost } from './usePost';
