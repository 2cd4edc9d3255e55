// Public surface of the renderer: MapView (+ GameMap) → PNG.
export { renderMap, renderLegend, drawMap, encodePng, planPicture, checkView, DISCORD_UPLOAD_LIMIT, TARGET_MAX_BYTES } from './map.js';
export type { RenderOptions, PictureLayout, DrawnMap, OverlayName } from './map.js';
export { pixelCenter, focusHexes } from './layout.js';
export type { MapFrame } from './layout.js';
export { registerFonts, FONT_FAMILY } from './fonts.js';
