// Section ids as people type them: "7.3", "§7.3", "E4.1", "e 4.1", "rule 8.5.2.2", "8.3(9)".

const ID_SHAPE = /^([A-Z]{1,2})?(\d+(?:\.\d+)*)$/;

/**
 * Normalise a query that looks like a section id, or return undefined when it does not.
 * "§ 7.3" → "7.3", "e 4.1" → "E4.1", "E4.1." → "E4.1", "8.3(9)" → "8.3" (the case number is dropped).
 */
export function normaliseSectionId(query: string): string | undefined {
  let q = query.trim().replace(/^(?:§+|sec(?:tion)?\.?|rule)\s*/i, '');
  q = q.replace(/\s*\(\s*\d+\s*\)\s*$/, ''); // "8.3(9)": case 9 of 8.3
  q = q.replace(/[.\s]+$/, '');
  q = q.replace(/^([A-Za-z]{1,2})\s+(?=\d)/, '$1');
  q = q.toUpperCase();
  return ID_SHAPE.test(q) ? q : undefined;
}

/** Split "E4.21" into its letter prefix and numeric parts. */
export function idParts(id: string): { prefix: string; parts: number[] } | undefined {
  const m = ID_SHAPE.exec(id.toUpperCase());
  if (!m) return undefined;
  return { prefix: m[1] ?? '', parts: m[2]!.split('.').map(Number) };
}

/**
 * Ids are equal only segment by segment: "7.3" is not "7.30" (and not "7.3.1").
 * Red Winter writes chapter ids as "7.0", so "7" finds "7.0".
 */
export function sameSectionId(a: string, b: string): boolean {
  const canonical = (id: string): string | undefined => {
    const p = idParts(id);
    if (!p) return undefined;
    const segments = id.toUpperCase().slice(p.prefix.length).split('.');
    if (segments.length === 2 && /^0+$/.test(segments[1]!)) segments.pop();
    return p.prefix + segments.join('.');
  };
  const ca = canonical(a);
  return ca !== undefined && ca === canonical(b);
}

/** Numeric order of section ids (1.2 < 1.10 < 2.0). */
export function compareSectionIds(a: string, b: string): number {
  const pa = idParts(a);
  const pb = idParts(b);
  if (!pa || !pb) return a.localeCompare(b);
  if (pa.prefix !== pb.prefix) return pa.prefix.localeCompare(pb.prefix);
  const n = Math.max(pa.parts.length, pb.parts.length);
  for (let i = 0; i < n; i++) {
    const d = (pa.parts[i] ?? -1) - (pb.parts[i] ?? -1);
    if (d !== 0) return d;
  }
  return 0;
}
