/**
 * A minimal instance of a JSON Schema (as the model layer sends it for a tool): what a fake model
 * answers when a test has nothing more specific to say. Strings are plain filler text of a valid
 * length, numbers the value closest to 0 allowed, enums and unions their first option, arrays empty.
 */
type Schema = Record<string, unknown>;

const FILLER = 'The documents in the file were reviewed and nothing further stands out. ';

export function schemaExample(schema: Schema): unknown {
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if ('const' in schema) return schema.const;
  const options = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (options?.length) return schemaExample(options[0]);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      const required = (schema.required ?? []) as string[];
      return Object.fromEntries(required.map((k) => [k, schemaExample(properties[k] ?? {})]));
    }
    case 'array': {
      const min = typeof schema.minItems === 'number' ? schema.minItems : 0;
      return Array.from({ length: min }, () => schemaExample((schema.items ?? {}) as Schema));
    }
    case 'string': {
      const min = typeof schema.minLength === 'number' ? schema.minLength : 1;
      const max = typeof schema.maxLength === 'number' ? schema.maxLength : 200;
      let text = FILLER.trim();
      while (text.length < min) text += ` ${FILLER.trim()}`;
      return text.slice(0, Math.max(min, Math.min(max, text.length)));
    }
    case 'integer':
    case 'number': {
      const min = typeof schema.minimum === 'number' ? schema.minimum : -Infinity;
      const max = typeof schema.maximum === 'number' ? schema.maximum : Infinity;
      return Math.min(max, Math.max(min, 0));
    }
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return null;
  }
}
