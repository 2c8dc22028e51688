import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

// Answers used to go through the zod schema (a full parse of the answer) and then JSON.stringify,
// which cost more than the route's own work on small reads. This compiles each answer schema once
// to JSON Schema and then to a fast-json-stringify function, Fastify's own serialisation path: like
// the zod serializer it writes only the properties the schema declares, in its order, so nothing
// the schema does not name leaks. A schema JSON Schema cannot express (transforms, dates, custom
// checks) keeps the zod serializer. Requests are still validated by zod (validatorCompiler).

type SerializerCompiler = (route: { schema: unknown; method: string; url: string; httpStatus?: string }) => (data: unknown) => string;

/** fast-json-stringify for answer schemas JSON Schema can express, the zod serializer for the rest. */
export const responseSerializerCompiler: SerializerCompiler = (route) => {
  const json = jsonSchemaOf(route.schema);
  if (json) {
    try {
      return fastJson(json) as (data: unknown) => string;
    } catch {
      // A JSON Schema fast-json-stringify does not take: the zod serializer below.
    }
  }
  return (zodSerializerCompiler as unknown as SerializerCompiler)(route);
};

/**
 * The same serializer after a full zod check of the answer, for tests and for VALIDATE_RESPONSES=1:
 * an answer that drifts from its schema fails loudly there, while production skips the check.
 */
export const checkedResponseSerializerCompiler: SerializerCompiler = (route) => {
  const write = responseSerializerCompiler(route);
  if (!(route.schema instanceof z.ZodType)) return write;
  const schema = route.schema;
  return (data) => {
    const checked = schema.safeParse(data);
    if (!checked.success) {
      throw new Error(`Answer of ${route.method} ${route.url} does not match its schema: ${checked.error.message}`);
    }
    return write(data);
  };
};

/** The JSON Schema of a zod answer schema as it leaves the server, or null when it has none. */
export function jsonSchemaOf(schema: unknown): Record<string, unknown> | null {
  if (!(schema instanceof z.ZodType)) return null;
  try {
    const json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'throw', target: 'draft-7' }) as Record<string, unknown>;
    delete json.$schema;
    return withNullables(json) as Record<string, unknown>;
  } catch {
    return null;
  }
}

/**
 * zod writes `x.nullable()` as `anyOf: [x, {type: "null"}]`, which fast-json-stringify serialises by
 * validating each branch at run time; `nullable: true` on x says the same and is written directly.
 */
function withNullables(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withNullables);
  if (typeof node !== 'object' || node === null) return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) out[key] = withNullables(value);
  const anyOf = out.anyOf as Record<string, unknown>[] | undefined;
  const { anyOf: _branches, ...annotations } = out;
  const onlyAnnotations = Object.keys(annotations).every((key) => key === 'description' || key === 'title');
  if (Array.isArray(anyOf) && anyOf.length === 2 && onlyAnnotations) {
    const nullAt = anyOf.findIndex((b) => b.type === 'null' && Object.keys(b).length === 1);
    const other = anyOf[1 - nullAt];
    if (nullAt >= 0 && typeof other.type === 'string' && !('anyOf' in other)) {
      return { ...other, ...annotations, nullable: true, ...(Array.isArray(other.enum) ? { enum: [...other.enum, null] } : {}) };
    }
  }
  return out;
}
