import { isDotPath, readPath } from './readPath';

// spec §5: "Template placeholders in double braces are evaluated; a failure gives empty or
// unresolved text." Our rule: an expression we cannot parse is left exactly as written
// (so a typo stays visible to the author); a well-formed path that resolves to nothing
// usable gives '' after trying the fallbacks.
//
// Grammar inside {{ }}: term ('||' term)*, where term is a dot path, a quoted literal
// ('text' or "text") or a number. Terms are tried left to right; the first one with a value wins.
// Nothing is ever evaluated as code.

const PLACEHOLDER = /\{\{([^{}]*)\}\}/g;
const QUOTED = /^(['"])(.*)\1$/s;
const NUMBER = /^-?\d+(\.\d+)?$/;

type Term = { kind: 'path'; path: string } | { kind: 'literal'; text: string };

function parseTerms(expr: string): Term[] | undefined {
  const parts = expr.split('||').map((part) => part.trim());
  const terms: Term[] = [];
  for (const part of parts) {
    const quoted = QUOTED.exec(part);
    if (quoted) terms.push({ kind: 'literal', text: quoted[2] });
    else if (NUMBER.test(part)) terms.push({ kind: 'literal', text: part });
    else if (isDotPath(part)) terms.push({ kind: 'path', path: part });
    else return undefined;
  }
  return terms;
}

/** Turns a context value into text; objects and blanks count as no value. */
function toText(value: unknown): string | undefined {
  if (typeof value === 'string') return value === '' ? undefined : value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : undefined;
  if (typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.toISOString();
  if (Array.isArray(value)) {
    const items = value.map(toText).filter((item): item is string => item !== undefined);
    return items.length > 0 ? items.join(', ') : undefined;
  }
  return undefined;
}

/** Resolves one placeholder expression; undefined when it cannot be parsed. */
export function resolveExpression(expr: string, context: unknown): string | undefined {
  const terms = parseTerms(expr.trim());
  if (!terms) return undefined;
  for (const term of terms) {
    const text = term.kind === 'literal' ? term.text : toText(readPath(context, term.path));
    if (text !== undefined) return text;
  }
  return '';
}

/** Replaces every {{ expr }} in a string with its value from the context (missing → '', unparseable → left as is). */
export function renderTemplate(template: string, context: unknown): string {
  return template.replace(PLACEHOLDER, (whole, expr: string) => resolveExpression(expr, context) ?? whole);
}

/** Renders templates in every string of a value, recursing through arrays and plain objects. */
export function renderTemplates<T>(value: T, context: unknown): T {
  if (typeof value === 'string') return renderTemplate(value, context) as T;
  if (Array.isArray(value)) return value.map((item) => renderTemplates(item, context)) as T;
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = renderTemplates(item, context);
    return out as T;
  }
  return value;
}
