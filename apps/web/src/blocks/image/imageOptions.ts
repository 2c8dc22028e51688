/** The alt text of an image block (options.alt), '' when it has none. */
export const altOf = (options: Record<string, unknown>) => (typeof options.alt === 'string' ? options.alt : '');
