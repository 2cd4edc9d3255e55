// Autocomplete choices for /play bonfire and /play raid, built from the engine's legal actions
// (Bonfires 16.2, Finnish Night Raids 16.4, 16.4.1). Pure functions over engine types.
import type { LegalActions } from '../engine/types.js';
import { filterChoices, moverKey, type Choice } from './choices.js';
import { normaliseHexInput } from '../app/hex-input.js';

const CHOICE_TEXT_MAX = 100;
const clip = (s: string): string => (s.length <= CHOICE_TEXT_MAX ? s : s.slice(0, CHOICE_TEXT_MAX - 1) + '…');

/** Soviet units that may build a Bonfire now: all of them together first, then each alone. */
export function bonfireChoices(legal: LegalActions, typed: string): Choice[] {
  const units = legal.night?.bonfire ?? [];
  const out: Choice[] = [];
  const all = moverKey(units);
  if (units.length > 1 && all.length <= CHOICE_TEXT_MAX) out.push({ name: clip(`all ${units.length}: ${units.join(' + ')}`), value: all });
  for (const u of units) out.push({ name: clip(`${u}`), value: u });
  return filterChoices(out, typed);
}

/** Choices for one option of /play raid: target, units (for the chosen target) or from (approach hex). */
export function raidChoices(legal: LegalActions, option: string, targetText: string, typed: string): Choice[] {
  const targets = legal.night?.raid.targets ?? [];
  if (option === 'target')
    return filterChoices(
      targets.map((t) => ({ name: clip(`${t.hex} · raiders that reach it: ${t.units.join(', ')}`), value: t.hex })),
      typed,
    );
  const t = targets.find((x) => x.hex === normaliseHexInput(targetText));
  if (!t) return [];
  if (option === 'from')
    return filterChoices(
      t.approaches.map((h) => ({ name: h, value: h })),
      typed,
    );
  if (option !== 'units') return [];
  const infantry = t.units.filter((u) => u !== 'Pajari');
  const out: Choice[] = [];
  for (const u of infantry) {
    out.push({ name: clip(`${u} alone`), value: u });
    if (t.units.includes('Pajari')) out.push({ name: clip(`${u} + Pajari (+2 FNRT)`), value: moverKey([u, 'Pajari']) });
  }
  if (infantry.length > 1 && infantry.length <= 3)
    out.unshift({ name: clip(`all: ${infantry.join(' + ')} (must be stacked or adjacent)`), value: moverKey(infantry) });
  return filterChoices(out, typed);
}
