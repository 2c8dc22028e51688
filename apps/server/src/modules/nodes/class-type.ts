const CLASS_TYPES = ['class', 'group', 'course'];

/**
 * A node whose type key is a class's ("class", "group", "course", or one of them with a suffix:
 * "class-…", as routes' "route-…") is a class: its roll is a class roll, and it is a classroom.
 */
export function isClassType(typeKey: string): boolean {
  return CLASS_TYPES.some((key) => typeKey === key || typeKey.startsWith(`${key}-`));
}
