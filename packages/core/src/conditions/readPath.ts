// Dot-path lookup shared by the condition engine, the template renderer and the action runner.
// Only own properties are followed, so 'person.constructor' or '__proto__' never reach
// prototypes (a condition or template comes from stored data, not from code).

const PATH_PATTERN = /^[A-Za-z_$][\w$]*(\.[\w$]+)*$/;

/** Tells whether a string is a well-formed dot path such as 'person.children.0.name'. */
export function isDotPath(path: string): boolean {
  return PATH_PATTERN.test(path);
}

/** Reads a dot path from a value; a missing step gives undefined, never an error. */
export function readPath(source: unknown, path: string): unknown {
  if (!isDotPath(path)) throw new Error(`Invalid field path "${path}"`);
  let current: unknown = source;
  for (const key of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    if (!Object.prototype.hasOwnProperty.call(current, key)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}
