// Public surface of the renderer: MapView (+ GameMap) → PNG or JPEG.
export {
  renderMap,
  renderLegend,
  drawMap,
  encodePng,
  encodeJpeg,
  encodePicture,
  JPEG_QUALITY,
  planPicture,
  checkView,
  DISCORD_UPLOAD_LIMIT,
  TARGET_MAX_BYTES,
  ZOOM_MAX_BYTES,
  PHONE_WIDTH,
  phoneCounterPx,
} from './map.js';
export type { RenderOptions, PictureLayout, DrawnMap, OverlayName, PictureFormat } from './map.js';
export { pixelCenter, focusHexes } from './layout.js';
export type { MapFrame } from './layout.js';
export { registerFonts, FONT_FAMILY } from './fonts.js';
