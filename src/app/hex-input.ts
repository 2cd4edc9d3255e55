// Hex ids typed by players: any case, with or without spaces, with or without leading zeros
// (`m16`, ` M 16 `, `m016` → `M16`). Whether the hex is on the map is the engine's business;
// this only puts the text into the printed form the engine and the autocomplete use.

const HEX_TEXT = /^([a-z])\s*0*(\d{1,3})$/i;

/** The printed form of a typed hex id, or null when the text is not shaped like one. */
export function normaliseHexInput(text: string): string | null {
  const m = HEX_TEXT.exec(text.replace(/\s+/g, ' ').trim());
  if (!m) return null;
  const row = Number(m[2]);
  if (row < 1) return null;
  return `${m[1]!.toUpperCase()}${row}`;
}

/** Case- and space-insensitive key for matching typed text against choices (`m 1` → `m1`). */
export function looseKey(text: string): string {
  return text.toLowerCase().replace(/\s+/g, '');
}
