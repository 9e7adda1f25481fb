import type { NamedSchema, NamedUnion } from './answer-schemas.js';

/**
 * TypeBox schemas written out as plain TypeScript: an `interface` per named object (its fields and their
 * descriptions show on hover, where `Static<typeof X>` shows only its own name), a `type` per named union.
 * Only the JSON Schema keywords the /v1 schemas use are read; anything else fails loudly, so a new kind of
 * schema cannot slip through as `unknown`.
 */
type Json = Record<string, unknown>;
const isJson = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
/** The same schema: compared by its JSON (TypeBox copies a schema when it marks it optional). */
const keyOf = (schema: unknown): string => JSON.stringify(schema);
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
/** A literal as the project writes one (single quotes). */
const literal = (value: unknown): string => (typeof value === 'string' ? `'${value.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'` : JSON.stringify(value));
/** A field's words: its own description, or the first its union's members carry (`Type.Union([Amount('zat'), Type.Null()])`). */
const descriptionOf = (schema: Json): unknown =>
  schema['description'] ?? (Array.isArray(schema['anyOf']) ? (schema['anyOf'] as Json[]).find((member) => typeof member['description'] === 'string')?.['description'] : undefined);

function comment(text: unknown, indent: string): string {
  if (typeof text !== 'string' || text === '') return '';
  const lines = text.replaceAll('*/', '*\\/').split('\n');
  return lines.length === 1 ? `${indent}/** ${lines[0]} */\n` : `${indent}/**\n${lines.map((l) => `${indent} * ${l}`).join('\n')}\n${indent} */\n`;
}

export class InterfaceWriter {
  readonly #names = new Map<string, string>();
  readonly #objects: { name: string; schema: Json }[] = [];

  constructor(named: readonly NamedSchema[]) {
    for (const { name, schema: typed } of named) {
      const schema = typed as Json;
      const key = keyOf(schema);
      if (!this.#names.has(key)) this.#names.set(key, name);
      if (schema['type'] === 'object' && isJson(schema['properties'])) this.#objects.push({ name, schema });
    }
  }

  /** One named schema as a declaration: an interface for an object, a type alias for anything else. */
  declaration(named: NamedSchema): string {
    const schema = named.schema as Json;
    const doc = comment(named.doc ?? schema['description'], '');
    if (schema['type'] === 'object' && isJson(schema['properties'])) {
      const base = this.#baseOf(named.name, schema);
      const own = base ? this.#ownProperties(schema, base.schema) : Object.keys(schema['properties']);
      return `${doc}export interface ${named.name}${base ? ` extends ${base.name}` : ''} ${this.#objectBody(schema, own, '')}\n`;
    }
    return `${doc}export type ${named.name} = ${this.#typeOf(schema, '', false)};\n`;
  }

  static union(named: NamedUnion): string {
    return `${comment(named.doc, '')}export type ${named.name} = ${named.values.map(literal).join(' | ')};\n`;
  }

  /** The largest other named object whose every field this one has, the same and as required: written as `extends`. */
  #baseOf(name: string, schema: Json): { name: string; schema: Json } | null {
    const properties = schema['properties'] as Json;
    const required = new Set((schema['required'] as string[] | undefined) ?? []);
    let best: { name: string; schema: Json } | null = null;
    for (const candidate of this.#objects) {
      const theirs = candidate.schema['properties'] as Json;
      const count = Object.keys(theirs).length;
      if (candidate.name === name || count < 3 || count >= Object.keys(properties).length) continue;
      const theirRequired = new Set((candidate.schema['required'] as string[] | undefined) ?? []);
      const fits = Object.entries(theirs).every(([key, value]) => key in properties && keyOf(properties[key]) === keyOf(value) && required.has(key) === theirRequired.has(key));
      if (fits && (!best || count > Object.keys(best.schema['properties'] as Json).length)) best = candidate;
    }
    return best;
  }

  #ownProperties(schema: Json, base: Json): string[] {
    const inherited = new Set(Object.keys(base['properties'] as Json));
    return Object.keys(schema['properties'] as Json).filter((key) => !inherited.has(key));
  }

  #objectBody(schema: Json, keys: readonly string[], indent: string): string {
    const properties = schema['properties'] as Json;
    const required = new Set((schema['required'] as string[] | undefined) ?? []);
    const inner = `${indent}  `;
    const fields = keys.map((key) => {
      const property = properties[key] as Json;
      const name = IDENTIFIER.test(key) ? key : JSON.stringify(key);
      return `${comment(descriptionOf(property), inner)}${inner}${name}${required.has(key) ? '' : '?'}: ${this.#typeOf(property, inner, true)};`;
    });
    return fields.length === 0 ? '{}' : `{\n${fields.join('\n')}\n${indent}}`;
  }

  #typeOf(schema: Json, indent: string, byName: boolean): string {
    const name = byName ? this.#names.get(keyOf(schema)) : undefined;
    if (name) return name;
    if (Array.isArray(schema['anyOf'])) return (schema['anyOf'] as Json[]).map((s) => this.#member(s, indent)).join(' | ');
    if (Array.isArray(schema['allOf'])) return (schema['allOf'] as Json[]).map((s) => this.#member(s, indent)).join(' & ');
    if ('const' in schema) return literal(schema['const']);
    if (Array.isArray(schema['enum'])) return (schema['enum'] as unknown[]).map(literal).join(' | ');
    switch (schema['type']) {
      case 'string':
        return 'string';
      case 'integer':
      case 'number':
        return 'number';
      case 'boolean':
        return 'boolean';
      case 'null':
        return 'null';
      case 'array': {
        const item = this.#typeOf(schema['items'] as Json, indent, true);
        return /^[\w$]+$/.test(item) ? `${item}[]` : `(${item})[]`;
      }
      case 'object':
        if (isJson(schema['patternProperties'])) {
          const values = Object.values(schema['patternProperties']) as Json[];
          if (values.length !== 1) throw new Error(`an object with ${values.length} patterns: not written`);
          return `Record<string, ${this.#typeOf(values[0]!, indent, true)}>`;
        }
        if (isJson(schema['properties'])) return this.#objectBody(schema, Object.keys(schema['properties']), indent);
    }
    throw new Error(`a schema this writer does not know: ${keyOf(schema).slice(0, 200)}`);
  }

  /** A member of a union or intersection: by name when named, in parentheses when it is itself a union. */
  #member(schema: Json, indent: string): string {
    const text = this.#typeOf(schema, indent, true);
    return Array.isArray(schema['anyOf']) && !this.#names.has(keyOf(schema)) ? `(${text})` : text;
  }
}
