// Unit ids typed by players, matched in any case (`mtr/609` → `Mtr/609`) against the ids the engine's
// legal actions mention, and close ids to suggest when a typed id names no unit. Pure; shared by the
// Discord commands and the console so both accept the same spellings.
import type { Action, LegalActions } from '../engine/types.js';

const ID_LIKE = /^[A-Za-z0-9][\w./-]{0,39}$/;

/** Every id-like string the legal actions mention, keyed by lower case (unit ids among them). */
function knownIds(legal: LegalActions | null | undefined): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (v: unknown, depth: number): void => {
    if (depth > 8 || v === null || v === undefined) return;
    if (typeof v === 'string') {
      if (ID_LIKE.test(v) && !out.has(v.toLowerCase())) out.set(v.toLowerCase(), v);
    } else if (Array.isArray(v)) {
      for (const x of v) walk(x, depth + 1);
    } else if (typeof v === 'object') {
      for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
        if (k !== 'reachable' && k !== 'path') walk(x, depth + 1); // hexes only: skip the big lists
      }
    }
  };
  walk(legal, 0);
  return out;
}

/** Each id as the engine spells it when the legal actions mention it in another case; else as typed. */
export function canonicalUnitIds(legal: LegalActions | null | undefined, ids: readonly string[]): string[] {
  const known = knownIds(legal);
  return ids.map((id) => known.get(id.toLowerCase()) ?? id);
}

/** An action with every unit id it names spelled as the engine spells it. */
export function canonicaliseAction<A extends Action>(legal: LegalActions | null | undefined, action: A): A {
  if (!legal) return action;
  const known = knownIds(legal);
  const fix = (id: string) => known.get(id.toLowerCase()) ?? id;
  const a = { ...action } as Record<string, unknown>;
  for (const k of ['units', 'attackers', 'support']) if (Array.isArray(a[k])) a[k] = (a[k] as string[]).map(fix);
  for (const k of ['unit', 'spotter']) if (typeof a[k] === 'string') a[k] = fix(a[k] as string);
  if (a.type === 'atFire' && typeof a.target === 'string') a.target = fix(a.target); // AT Fire targets a unit
  return a as unknown as A;
}

/** The unit ids an action names (units, attackers, support, unit, spotter; an AT Fire's target). */
export function unitIdsOf(action: Action): string[] {
  const a = action as unknown as Record<string, unknown>;
  const ids: string[] = [];
  for (const k of ['units', 'attackers', 'support']) if (Array.isArray(a[k])) ids.push(...(a[k] as string[]));
  for (const k of ['unit', 'spotter']) if (typeof a[k] === 'string') ids.push(a[k] as string);
  if (a.type === 'atFire' && typeof a.target === 'string') ids.push(a.target);
  return ids;
}

function distance(a: string, b: string): number {
  const d = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let prev = d[0]!;
    d[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = d[j]!;
      d[j] = Math.min(d[j]! + 1, d[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return d[b.length]!;
}

/** Up to `max` unit ids the legal actions mention that look like `typed` (a slip of one or two characters, or a part of it). */
export function closeUnitIds(legal: LegalActions | null | undefined, typed: string, max = 3): string[] {
  const t = typed.toLowerCase();
  if (!t) return [];
  const scored: Array<{ id: string; d: number }> = [];
  for (const [low, id] of knownIds(legal)) {
    if (!id.includes('/') && !/^[A-Z][a-z]/.test(id)) continue; // unit ids: `1/1/609`, `Mtr/609`, `Pajari`
    const part = t.length >= 3 && (low.includes(t) || t.includes(low));
    const d = part ? 0 : distance(t, low);
    if (d <= 2) scored.push({ id, d });
  }
  // Only the closest: an id the typed text is part of beats one a character or two away.
  const best = Math.min(...scored.map((x) => x.d));
  return scored
    .filter((x) => x.d === best)
    .sort((a, b) => a.id.localeCompare(b.id))
    .slice(0, max)
    .map((x) => x.id);
}
