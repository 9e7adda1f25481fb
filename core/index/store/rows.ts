/** A row as better-sqlite3 returns it (safeIntegers: every INTEGER a bigint). */
export type Row = Record<string, unknown>;

/** snake_case columns to camelCase fields; the names are few, so each is converted once. */
const names = new Map<string, string>();
const camelName = (k: string): string => {
  let name = names.get(k);
  if (name === undefined) {
    name = k.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
    names.set(k, name);
  }
  return name;
};

export function camel(row: Row): Row {
  const out: Row = {};
  for (const k in row) out[camelName(k)] = row[k];
  return out;
}
