// Section ids as people type them: "7.3", "§7.3", "E4.1", "e 4.1", "rule 8.5.2.2", "8.3(9)", "8.3 case 9".
//
// A numbered case of a section (the rulebook's own index writes "8.3(4)" for case 4 of 8.3) is an id
// of its own: "8.3(4)". It sorts after its section and before the section's subsections
// (8.3 < 8.3(3) < 8.3(15) < 8.3.1).

const ID_SHAPE = /^([A-Z]{1,2})?(\d+(?:\.\d+)*)(?:\((\d{1,2})\))?$/;

/**
 * Normalise a query that looks like a section id, or return undefined when it does not.
 * "§ 7.3" → "7.3", "e 4.1" → "E4.1", "E4.1." → "E4.1", "8.3 (9)", "8.3 case 9", "8.3 #9" → "8.3(9)".
 */
export function normaliseSectionId(query: string): string | undefined {
  let q = query
    .normalize('NFKC')
    .trim()
    .replace(/^(?:§+|sec(?:tion)?\.?|rule|ルール|規則)\s*/i, '');
  q = q.replace(
    /\s*(?:\(\s*(\d{1,2})\s*\)|,?\s*(?:case|#|no\.?|ケース|項目)\s*(\d{1,2}))\s*$/i,
    (_m, a?: string, b?: string) => `(${a ?? b})`,
  );
  q = q.replace(/[.\s]+$/, '');
  q = q.replace(/^([A-Za-z]{1,2})\s+(?=\d)/, '$1');
  q = q.toUpperCase();
  return ID_SHAPE.test(q) ? q : undefined;
}

/** Split "E4.21" into its letter prefix and numeric parts; "8.3(4)" also gives `caseNo` 4. */
export function idParts(id: string): { prefix: string; parts: number[]; caseNo?: number } | undefined {
  const m = ID_SHAPE.exec(id.toUpperCase());
  if (!m) return undefined;
  return { prefix: m[1] ?? '', parts: m[2]!.split('.').map(Number), ...(m[3] ? { caseNo: Number(m[3]) } : {}) };
}

/** The section a case belongs to ("8.3(4)" → "8.3"); other ids unchanged. */
export function withoutCase(id: string): string {
  return id.replace(/\(\d{1,2}\)$/, '');
}

/**
 * Ids are equal only segment by segment: "7.3" is not "7.30" (and not "7.3.1", nor "7.3(1)").
 * Red Winter writes chapter ids as "7.0", so "7" finds "7.0".
 */
export function sameSectionId(a: string, b: string): boolean {
  const canonical = (id: string): string | undefined => {
    const p = idParts(id);
    if (!p) return undefined;
    const segments = withoutCase(id.toUpperCase()).slice(p.prefix.length).split('.');
    if (segments.length === 2 && /^0+$/.test(segments[1]!) && p.caseNo === undefined) segments.pop();
    return p.prefix + segments.join('.') + (p.caseNo === undefined ? '' : `(${p.caseNo})`);
  };
  const ca = canonical(a);
  return ca !== undefined && ca === canonical(b);
}

/** Numeric order of section ids (1.2 < 1.10 < 2.0; 8.3 < 8.3(3) < 8.3(15) < 8.3.1). */
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
  return (pa.caseNo ?? -1) - (pb.caseNo ?? -1);
}
