// Views for the renderer's tests and bench, built from the real Red Winter data (loadRuleset).
import { loadRuleset } from '../../src/data/load.js';
import type { HexId } from '../../src/engine/hex.js';
import type { CounterDef, Ruleset } from '../../src/engine/ruleset.js';
import type { CounterView, MapView, UnitMarker } from '../../src/engine/view.js';

let cached: Ruleset | null = null;
export function ruleset(): Ruleset {
  cached ??= loadRuleset('data/redwinter');
  return cached;
}

/** A counter as the engine would show it. */
export function counterView(def: CounterDef, reduced = false, markers: UnitMarker[] = []): CounterView {
  const values = reduced && def.reduced ? def.reduced : def.full;
  const label = def.id.replace(/#\d+$/, '').split('/').slice(0, -1).join('/') || def.id;
  return {
    id: def.id,
    label: def.type === 'leader' ? def.id : label,
    side: def.side,
    formation: def.formation,
    type: def.type,
    values,
    conventions: def.conventions,
    reduced: reduced && def.reduced !== null,
    steps: reduced ? 1 : def.steps,
    markers,
  };
}

export function emptyView(): MapView {
  return {
    version: 1,
    header: {
      scenarioId: 'campaign',
      scenarioName: 'The Campaign',
      turn: 3,
      lastTurn: 32,
      date: '1939-12-08',
      time: '13:30',
      light: 'day',
      los: 5,
      phase: 'movement',
      phaseLabel: 'Soviet Movement Phase',
      sideToAct: 'soviet',
      vp: { finnish: 10, soviet: 5 },
      ammo: { finnish: 3, soviet: 10 },
    },
    units: {},
    hexMarkers: {},
    overlays: { moves: [], combats: [], fire: [], reachable: null, zoc: null, highlight: [] },
    offMap: [],
    focus: null,
  };
}

/**
 * A busy state: `n` on-map counters (every counter of the mix, cycling, with deterministic
 * reduced sides and markers), stacks of 1–3 on land hexes, plus markers and overlays of each kind.
 */
export function busyView(n = 100): MapView {
  const rs = ruleset();
  const view = emptyView();
  const onMap = rs.counters.filter((c) => c.full.ma !== null);
  const land = Object.values(rs.map.hexes)
    .filter((h) => h.terrain !== 'lake')
    .map((h) => h.id)
    .sort();
  let placed = 0;
  let i = 0;
  let hexIdx = 7;
  while (placed < n) {
    const hex = land[hexIdx % land.length]!;
    hexIdx += 11;
    const size = 1 + (i % 3);
    const stack: CounterView[] = [];
    for (let k = 0; k < size && placed < n; k++) {
      const def = onMap[(i * 3 + k) % onMap.length]!;
      const markers: UnitMarker[] = i % 9 === 0 ? ['fired'] : i % 13 === 0 ? ['outOfSupply', 'suppressed'] : [];
      stack.push(counterView(def, (i + k) % 4 === 1, markers));
      placed++;
    }
    view.units[hex] = [...(view.units[hex] ?? []), ...stack];
    i++;
  }
  const occupied = Object.keys(view.units).sort();
  view.hexMarkers[occupied[0]!] = { dugIn: 'finnish', control: 'finnish' };
  view.hexMarkers[occupied[1]!] = { diggingIn: 'soviet', suppressed: 2, fired: true };
  view.hexMarkers[occupied[2]!] = { bonfire: true, skull: true };
  view.hexMarkers['M16'] = { control: 'soviet' };
  view.overlays.moves.push({ side: 'soviet', unitIds: ['x'], from: 'Q25', to: 'O23', path: ['Q25', 'P25', 'P24', 'O23'], kind: 'move' });
  view.overlays.combats.push({ kind: 'combat', attackerSide: 'soviet', from: ['P24', 'O23'], to: 'O22', odds: '3:1', result: 'A1/D2' });
  view.overlays.fire.push({ kind: 'ranged', side: 'finnish', unitId: 'MG/1/JR16#1', from: 'O19', to: 'O21', result: 'S+1' });
  return view;
}

/** Every hex id of a terrain type. */
export function hexesOf(terrain: string): HexId[] {
  return Object.values(ruleset().map.hexes)
    .filter((h) => h.terrain === terrain)
    .map((h) => h.id)
    .sort();
}
