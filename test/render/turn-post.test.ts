// Phone-first turn posts (issue 46): the zooms a turn post shows (src/app/play-area.ts turnAreas), drawn
// as the bot posts them (JPEG), for the turns of a real recorded Campaign: each at most 300 KB, and a
// counter on a 390 px wide phone at least 1.5 times as wide as on the whole map.
import { describe, expect, it } from 'vitest';
import { turnAreas } from '../../src/app/play-area.js';
import type { MapView } from '../../src/engine/view.js';
import { PHONE_WIDTH, ZOOM_MAX_BYTES, phoneCounterPx, planPicture, renderMap } from '../../render/index.js';
import { recordedCampaign, replayCampaign } from '../engine/helpers/recorded-campaign.js';

/** JPEG width and height from its start-of-frame marker. */
function jpegSize(b: Buffer): { width: number; height: number } {
  let i = 2;
  while (i < b.length) {
    const marker = b[i + 1]!;
    const len = b.readUInt16BE(i + 2);
    if (marker >= 0xc0 && marker <= 0xc3) return { height: b.readUInt16BE(i + 5), width: b.readUInt16BE(i + 7) };
    i += 2 + len;
  }
  throw new Error('no JPEG frame');
}

describe('phone-first turn posts (issue 46)', () => {
  it(
    'every zoom of the recorded Campaign’s turn posts is ≤ 300 KB with counters ≥ 1.5× their whole-map size on a phone',
    { timeout: 180_000 },
    async () => {
      const c = recordedCampaign();
      const map = c.ruleset.map;
      // The position as each game turn begins (what the turn post shows), every other turn.
      const views: { turn: number; view: MapView }[] = [];
      let turn = -1;
      replayCampaign(c, (st) => {
        if (st.turn !== turn && st.turn % 2 === 0) views.push({ turn: st.turn, view: c.engine.toMapView(st) });
        turn = st.turn;
      });
      expect(views.length).toBeGreaterThanOrEqual(10);
      const whole = phoneCounterPx(planPicture(views[0]!.view, map, {}));
      expect(whole).toBeLessThan(13); // the desktop picture: about 12 px a counter on a phone
      let zooms = 0;
      const problems: string[] = [];
      for (const { turn: t, view } of views) {
        const areas = turnAreas(view, { frontLine: true });
        expect(areas.length).toBeLessThanOrEqual(3);
        for (const a of areas) {
          zooms++;
          const jpeg = await renderMap(view, map, { ...a, format: 'jpeg' });
          const plan = planPicture(view, map, a);
          // Drawn smaller to fit the bytes or not, the phone shows it at its width: the counter's share stays.
          const size = jpegSize(jpeg);
          const onPhone = phoneCounterPx(
            { ...plan, width: plan.width, frame: { ...plan.frame, scale: (plan.frame.scale * size.width) / plan.width } },
            PHONE_WIDTH,
          );
          if (jpeg.length > ZOOM_MAX_BYTES) problems.push(`turn ${t} ${a.center}/${a.radius}: ${jpeg.length} bytes`);
          if (onPhone < 1.5 * whole) problems.push(`turn ${t} ${a.center}/${a.radius}: ${onPhone.toFixed(1)} px a counter`);
        }
      }
      expect(problems).toEqual([]);
      expect(zooms).toBeGreaterThanOrEqual(views.length);
    },
  );
});
