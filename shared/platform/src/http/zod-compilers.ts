import {
  ResponseSerializationError,
  serializerCompiler as encodingSerializerCompiler,
  validatorCompiler as parsingValidatorCompiler,
} from 'fastify-type-provider-zod';
import { $ZodType, compile, safeParse } from 'zod/v4/core';

/**
 * fastify-type-provider-zod's compilers, with each schema compiled by zod (`compile`: generated code for the valid
 * case, zod's own parser for an invalid one, so every 400's issues and messages are zod's as before). A cart's
 * answer (64 lines) took ~70 µs to check and copy through the provider's `safeEncode`; compiled, ~5 µs.
 * A schema is compiled once per process, when a request first needs it: compiling every route's schemas as the
 * routes are added made the shop start ~0.5 s later, and most routes' error answers share one schema.
 */
const compiledSchemas = new WeakMap<$ZodType, $ZodType>();

function compiledOnce(schema: $ZodType): $ZodType {
  let compiled = compiledSchemas.get(schema);
  if (!compiled) {
    compiled = compile(schema);
    compiledSchemas.set(schema, compiled);
  }
  return compiled;
}

type Validate = ReturnType<typeof parsingValidatorCompiler>;
type Serialize = ReturnType<typeof encodingSerializerCompiler>;

/** Request parts (body, params, query, headers): parsed by the compiled schema, refused as the provider refuses. */
export const validatorCompiler: typeof parsingValidatorCompiler = (route) => {
  const { schema } = route;
  if (!(schema instanceof $ZodType)) return parsingValidatorCompiler(route);
  let validate: Validate | undefined;
  return (data: unknown) => (validate ??= parsingValidatorCompiler({ ...route, schema: compiledOnce(schema) }))(data);
};

/**
 * Responses: checked against their schema and written as the schema's output, as the provider does (`safeEncode`, a
 * mismatch is a 500). Encoding runs a schema backwards, which zod's compiled code does not; for a schema made only of
 * parts that read the same both ways (no transform, pipe, codec, default or catch: directionFree) parsing gives the
 * same value, and that is done compiled. Any other schema is encoded by the provider.
 */
export const serializerCompiler: typeof encodingSerializerCompiler = (route) => {
  const { schema, method, url } = route;
  if (!(schema instanceof $ZodType)) return encodingSerializerCompiler(route);
  let serialize: Serialize | undefined;
  const compiledSerializer =
    (compiled: $ZodType): Serialize =>
    (data) => {
      const result = safeParse(compiled, data);
      if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
      return JSON.stringify(result.data);
    };
  return (data) =>
    (serialize ??= directionFree(schema)
      ? compiledSerializer(compiledOnce(schema))
      : encodingSerializerCompiler(route))(data);
};

/** Schema types whose forward parse and backward encode accept the same values and give the same JSON. */
const LEAVES = new Set([
  'string',
  'number',
  'boolean',
  'bigint',
  'null',
  'undefined',
  'void',
  'never',
  'any',
  'unknown',
  'date',
  'nan',
  'literal',
  'enum',
  'template_literal',
  'custom',
]);
const WRAPPERS = new Set(['optional', 'nullable', 'readonly', 'nonoptional']);

/** Whether every part of the schema is a LEAF or a container of such parts (recursion through z.lazy is followed once). */
export function directionFree(schema: $ZodType, seen = new Set<$ZodType>()): boolean {
  if (seen.has(schema)) return true;
  seen.add(schema);
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  const free = (part: unknown) => part == null || directionFree(part as $ZodType, seen);
  if (LEAVES.has(def.type)) return true;
  if (WRAPPERS.has(def.type)) return free(def.innerType);
  switch (def.type) {
    case 'object':
      return Object.values(def.shape as Record<string, $ZodType>).every(free) && free(def.catchall);
    case 'array':
      return free(def.element);
    case 'tuple':
      return (def.items as $ZodType[]).every(free) && free(def.rest);
    case 'record':
    case 'map':
      return free(def.keyType) && free(def.valueType);
    case 'set':
      return free(def.valueType);
    case 'union':
      return (def.options as $ZodType[]).every(free);
    case 'intersection':
      return free(def.left) && free(def.right);
    case 'lazy':
      return free((def.getter as () => $ZodType)());
    default:
      return false;
  }
}
