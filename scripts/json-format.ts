/**
 * Compact, diff-friendly JSON: a value goes on one line when it fits in `width` characters,
 * otherwise objects/arrays are expanded one member per line. Used by the data scripts.
 */
export function formatJson(value: unknown, width = 110, indent = ''): string {
  const flat = JSON.stringify(value);
  if (flat === undefined) return 'null';
  if (flat.length + indent.length <= width || value === null || typeof value !== 'object') return flat;
  const inner = indent + '  ';
  if (Array.isArray(value)) {
    return `[\n${value.map((v) => inner + formatJson(v, width, inner)).join(',\n')}\n${indent}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
  return `{\n${entries.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${formatJson(v, width, inner)}`).join(',\n')}\n${indent}}`;
}
