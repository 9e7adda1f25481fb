/**
 * JSON text for the RPC facade. Validators write u64 fields (lamports, rentEpoch, slots) as plain JSON
 * numbers of any size; `JSON.stringify` cannot write a bigint, and a Number would lose precision past
 * 2^53. Here a bigint is written as its exact digits.
 */
export function toJsonText(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  switch (typeof value) {
    case 'bigint':
      return value.toString();
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'string':
      return JSON.stringify(value);
    case 'object': {
      if (Array.isArray(value)) return `[${value.map((v) => toJsonText(v === undefined ? null : v)).join(',')}]`;
      const parts: string[] = [];
      for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
        if (v === undefined) continue;
        parts.push(`${JSON.stringify(key)}:${toJsonText(v)}`);
      }
      return `{${parts.join(',')}}`;
    }
    default:
      return 'null';
  }
}
