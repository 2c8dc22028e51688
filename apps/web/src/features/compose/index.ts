// What other features use of compose: the post it quotes or a sent screen shows (GET posts/{id}).
// Its addresses ("write to", "quote", a group's classroom) are in paths.ts.
export { usePost } from './usePost';
