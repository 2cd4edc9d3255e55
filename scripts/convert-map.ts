/**
 * Converts the shared map transcription (../shared/redwinter/map.json) into hexref's own
 * data/redwinter/map.json (format: docs/data-format.md), applying our rulings (docs/rulings.md).
 *
 *   npx tsx scripts/convert-map.ts [path/to/shared/map.json] [out.json]
 *
 * Road paths become links between adjacent hexes; bridges, supply sources, the X1 entry hex,
 * road exits and named places are carried over. Run `hexref data check` afterwards.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { allHexIds, compareHexIds } from '../src/engine/hex.js';
import { formatJson } from './json-format.js';

interface SharedMap {
  hexes: Record<string, string>;
  roads: { type: string; path: string[] }[];
  bridges: [string, string][];
  road_map_edge_exits: { hex: string; side: string; type: string }[];
}

const src = process.argv[2] ?? '../shared/redwinter/map.json';
const out = process.argv[3] ?? 'data/redwinter/map.json';
const shared = JSON.parse(readFileSync(src, 'utf8')) as SharedMap;

/** Terrain corrections where the rulebook decides differently from the transcription (docs/rulings.md). */
const TERRAIN_RULINGS: Record<string, string> = {
  // 5.2.3: a village hex may show a single building; Hirvasvaara sits on open, cleared ground.
  S11: 'village',
};

const terrain: Record<string, string> = {};
for (const id of allHexIds()) {
  const t = TERRAIN_RULINGS[id] ?? shared.hexes[id];
  if (!t) throw new Error(`no terrain for ${id}`);
  terrain[id] = t;
}

const RANK: Record<string, number> = { main: 3, primary: 2, secondary: 1 };
const links = new Map<string, { a: string; b: string; type: string }>();
for (const road of shared.roads) {
  for (let i = 1; i < road.path.length; i++) {
    let a = road.path[i - 1]!;
    let b = road.path[i]!;
    if (compareHexIds(a, b) > 0) [a, b] = [b, a];
    const key = `${a}|${b}`;
    const prev = links.get(key);
    if (!prev || RANK[road.type]! > RANK[prev.type]!) links.set(key, { a, b, type: road.type });
  }
}
const roads = [...links.values()].sort((x, y) => compareHexIds(x.a, y.a) || compareHexIds(x.b, y.b));

const BRIDGE_NAMES: Record<string, string> = { 'J16|K15': 'Hevossalmi', 'O21|O22': 'Kivisalmi' };
const bridges = shared.bridges.map(([p, q]) => {
  const [a, b] = compareHexIds(p, q) <= 0 ? [p, q] : [q, p];
  return { a, b, name: BRIDGE_NAMES[`${a}|${b}`] ?? 'bridge' };
});

const map = {
  source:
    'Converted by scripts/convert-map.ts from the shared transcription of the published map (facts only); ' +
    'corrections are listed in docs/rulings.md.',
  grid: {
    columns: 'ABCDEFGHIJKLMNOPQRSTUVWX',
    rowsOddLetter: 30,
    rowsEvenLetter: 31,
    orientation: 'flat-top',
    raisedColumns: 'even-letter',
  },
  terrain,
  features: {
    hotel: ['M16'],
    gravelPits: ['L16'],
    tolvajarvi: ['G18', 'G19', 'H18', 'H19', 'H20', 'H21', 'I17', 'I18'],
    building: ['E13', 'G22', 'M16', 'N16', 'O1', 'T22'],
  },
  roads,
  bridges,
  supplySources: [
    { side: 'finnish', hex: 'A13', edge: 'W' },
    { side: 'soviet', hex: 'X28', edge: 'E' },
  ],
  entryHexes: [
    {
      id: '718th',
      hex: 'X1',
      side: 'soviet',
      edge: 'NE',
      formations: ['718'],
      units: ['1/3/139', '2/3/139'],
      rule: '13.1.1',
    },
  ],
  roadExits: shared.road_map_edge_exits.map((e) => ({ hex: e.hex, side: e.side, type: e.type })),
  places: [
    { id: 'hotel', name: 'Hotel', hexes: ['M16'], certainty: 'confirmed' },
    { id: 'gravel-pits', name: 'Gravel Pits', hexes: ['L16'], certainty: 'confirmed' },
    { id: 'hevossalmi-bridge', name: 'Hevossalmi bridge', hexes: ['J16', 'K15'], certainty: 'confirmed' },
    { id: 'kivisalmi-bridge', name: 'Kivisalmi bridge', hexes: ['O21', 'O22'], certainty: 'confirmed' },
    {
      id: 'tolvajarvi-village',
      name: 'Tolvajärvi village',
      hexes: ['G18', 'G19', 'H18', 'H19', 'H20', 'H21', 'I17', 'I18'],
      certainty: 'confirmed',
    },
    { id: 'saarola', name: 'Saarola', hexes: ['K20'], certainty: 'confirmed' },
    { id: 'kotisaari', name: 'Kotisaari island', hexes: ['K20', 'K21', 'K22', 'K23', 'L22'], certainty: 'confirmed' },
    { id: 'valisaari', name: 'Välisaari island', hexes: ['I23'], certainty: 'confirmed' },
    { id: 'okkolansaari', name: 'Okkolansaari island', hexes: ['K25'], certainty: 'confirmed' },
    { id: 'hernesaari', name: 'Hernesaari island', hexes: ['R21'], certainty: 'confirmed' },
    { id: 'hirvasvaara', name: 'Hirvasvaara', hexes: ['S11'], certainty: 'confirmed' },
    { id: 'lutikkamokki', name: 'Lutikkamökki', hexes: ['E13'], certainty: 'confirmed' },
    { id: 'varisvaara', name: 'Varisvaara', hexes: ['A21'], certainty: 'confirmed' },
    { id: 'tuninenselka', name: 'Tuninenselkä', hexes: ['O1'], certainty: 'confirmed' },
    { id: 'taipaleenvaara', name: 'Taipaleenvaara', hexes: ['T22'], certainty: 'confirmed' },
    {
      id: 'main-road-first-seven',
      name: 'First seven hexes of the main road',
      hexes: ['R27', 'S27', 'T28', 'U27', 'V28', 'W27', 'X28'],
      certainty: 'confirmed',
    },
    { id: 'lehtisenjarvi', name: 'Lehtisenjärvi', hexes: ['B3', 'C5'], certainty: 'approximate' },
    { id: 'lehtisen-suo', name: 'Lehtisen suo', hexes: ['A6', 'B7'], certainty: 'approximate' },
    { id: 'taikinalampi', name: 'Taikinalampi', hexes: ['H7'], certainty: 'approximate' },
    { id: 'suuri-asmojarvi', name: 'Suuri Asmojärvi', hexes: ['A16'], certainty: 'approximate' },
    { id: 'myllyjarvi', name: 'Myllyjärvi', hexes: ['K13', 'M15'], certainty: 'approximate' },
    { id: 'hirvasjarvi', name: 'Hirvasjärvi', hexes: ['N8', 'R16'], certainty: 'approximate' },
    { id: 'tolvajarvi-lake', name: 'Tolvajärvi (lake)', hexes: ['I19', 'M27'], certainty: 'approximate' },
    { id: 'taivaljarvi', name: 'Taivaljärvi', hexes: ['P20', 'S23'], certainty: 'approximate' },
    { id: 'pieni-kuohajarvi', name: 'Pieni Kuohajärvi', hexes: ['V16', 'W18'], certainty: 'approximate' },
    { id: 'suuri-kuohajarvi', name: 'Suuri Kuohajärvi', hexes: ['W22', 'X25'], certainty: 'approximate' },
    { id: 'kuikkajarvi', name: 'Kuikkajärvi', hexes: ['V25', 'W27'], certainty: 'approximate' },
    // The printed map gives U29–W31, but column W has rows 1–30 only: W30 is the nearest hex.
    { id: 'yla-tolvajarvi', name: 'Ylä-Tolvajärvi', hexes: ['U29', 'W30'], certainty: 'approximate' },
    { id: 'juurikkajarvi', name: 'Juurikkajärvi', hexes: ['N29', 'N31'], certainty: 'approximate' },
    { id: 'elinlampi', name: 'Elinlampi', hexes: ['J30', 'K30'], certainty: 'approximate' },
    { id: 'roakonjarvi', name: 'Roakonjärvi', hexes: ['X2', 'X3'], certainty: 'approximate' },
  ],
};

writeFileSync(out, formatJson(map) + '\n');
console.log(`wrote ${out}: ${Object.keys(terrain).length} hexes, ${roads.length} road links, ${bridges.length} bridges`);
