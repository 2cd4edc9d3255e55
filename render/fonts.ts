// The bundled font (DejaVu Sans, see render/fonts/LICENSE-DejaVu.txt) is registered once, before
// anything is drawn, so maps look the same on every host whatever fonts it has installed.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { registerFont, createCanvas } from 'canvas';

export const FONT_FAMILY = 'HexrefSans';
const here = path.dirname(fileURLToPath(import.meta.url));
export const FONT_FILES = {
  regular: path.join(here, 'fonts', 'DejaVuSans.ttf'),
  bold: path.join(here, 'fonts', 'DejaVuSans-Bold.ttf'),
};

let registered = false;

/** Register the bundled fonts with node-canvas (idempotent). Throws if a font file is missing. */
export function registerFonts(): void {
  if (registered) return;
  for (const file of Object.values(FONT_FILES)) {
    if (!existsSync(file)) throw new Error(`bundled font missing: ${file}`);
  }
  registerFont(FONT_FILES.regular, { family: FONT_FAMILY, weight: 'normal' });
  registerFont(FONT_FILES.bold, { family: FONT_FAMILY, weight: 'bold' });
  registered = true;
}

/** Draw a line of text with the bundled font and encode it as PNG: proves canvas and the font work. */
export async function canvasSelfTest(): Promise<{ bytes: number; textWidth: number }> {
  registerFonts();
  const canvas = createCanvas(120, 40);
  const ctx = canvas.getContext('2d');
  ctx.font = `16px ${FONT_FAMILY}`;
  ctx.fillText('M16 Hotel', 4, 24);
  const textWidth = ctx.measureText('M16 Hotel').width;
  const png = await new Promise<Buffer>((resolve, reject) =>
    canvas.toBuffer((err, buf) => (err ? reject(err) : resolve(buf)), 'image/png'),
  );
  return { bytes: png.length, textWidth };
}
