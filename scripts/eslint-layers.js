// The `hexref/layers` ESLint rule: which part of the tree may import what (see docs/architecture.md).
// A layer is chosen by the importing file's path; each layer lists the project folders and the
// packages it may import. Relative imports are resolved and checked against the project folders.
import path from 'node:path';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

/** Project areas, by path prefix (relative to the repo root). First match wins. */
const AREAS = [
  ['src/engine/', 'engine'],
  ['src/data/', 'data'],
  ['src/rules/', 'rules'],
  ['src/dice/', 'dice'],
  ['src/app/', 'app'],
  ['src/store/', 'store'],
  ['src/schedule/', 'schedule'],
  ['src/discord/', 'discord'],
  ['src/console/', 'console'],
  ['src/cli/', 'cli'],
  ['src/main', 'main'], // src/main.ts, main-game.ts, main-bot.ts: the composition root
  ['src/log.ts', 'shared'],
  ['src/render-busy.ts', 'shared'], // the signal of overloaded map painters, for every front end
  ['src/render-pool.ts', 'main'], // the map painters' process pool, wired by the composition root
  ['src/render-worker.ts', 'main'],
  ['src/config.ts', 'config'],
  ['commands/', 'commands'],
  ['render/', 'render'],
];

const NODE = /^node:/;
/** What each layer may import: project areas, and package names (string or RegExp). */
export const LAYERS = {
  engine: { areas: ['engine'], packages: ['seedrandom', '@noble/hashes'] },
  data: { areas: ['engine', 'data'], packages: ['zod', NODE] },
  rules: { areas: ['rules', 'shared'], packages: ['zod', 'minisearch', NODE] },
  dice: { areas: ['dice', 'engine'], packages: ['seedrandom', '@noble/hashes', '@dice-roller/rpg-dice-roller', 'random-js', 'zod', NODE] },
  store: { areas: ['store', 'engine', 'shared'], packages: ['keyv', '@keyv/redis', '@redis/client', 'zod', NODE] },
  schedule: { areas: ['schedule', 'store'], packages: ['bullmq', 'ioredis', NODE] },
  app: { areas: ['app', 'engine', 'store', 'schedule', 'rules', 'dice', 'data', 'shared'], packages: ['zod', NODE] },
  render: { areas: ['render', 'engine'], packages: ['canvas', NODE] },
  discord: { areas: ['discord', 'app', 'engine', 'shared'], packages: ['discord.js', /^@discordjs\//, NODE] },
  commands: { areas: ['commands', 'discord', 'app', 'engine', 'render', 'shared'], packages: ['discord.js', /^@discordjs\//, NODE] },
  console: { areas: ['console', 'app', 'engine', 'render', 'shared'], packages: [NODE] },
  shared: { areas: ['shared'], packages: ['pino', NODE] },
  config: { areas: ['config'], packages: ['zod', 'dotenv', NODE] },
  // Composition level: may import everything.
  cli: null,
  main: null,
};

/**
 * Sub-layers inside src/engine (docs/architecture.md, "The engine's layers"): a file may import its own
 * sub-layer and the ones below it. Core: type-only leaves. Kernel: the board and its lookups on one Ctx.
 * Rules: the rule areas (any engine file not listed here). Top: apply, legalActions and the Engine.
 */
export const ENGINE_LAYERS = {
  core: ['ruleset', 'terms', 'events', 'decisions', 'codes', 'types', 'view'],
  kernel: [
    'hex',
    'ctx',
    'units',
    'terrain',
    'stacking',
    'zoc',
    'supply',
    'grid',
    'enemy',
    'los',
    'dice',
    'hash',
    'draft',
    'labels',
    'strength',
    'validate',
    'die-table',
    'options',
  ],
  top: ['apply', 'legal', 'index', 'record', 'setup', 'map-view'],
};
const ENGINE_ORDER = ['core', 'kernel', 'rules', 'top'];

/** The engine sub-layer of a repo-relative path under src/engine/, or null. */
export function engineLayerOf(relPath) {
  if (!relPath.startsWith('src/engine/')) return null;
  const name = relPath.slice('src/engine/'.length).replace(/\.(ts|js)$/, '');
  for (const layer of ['core', 'kernel', 'top']) if (ENGINE_LAYERS[layer].includes(name)) return layer;
  return 'rules';
}

function areaOf(relPath) {
  const ts = relPath.replace(/\.js$/, '.ts');
  for (const [prefix, area] of AREAS) if (ts === prefix || relPath.startsWith(prefix)) return area;
  return null;
}

function packageName(spec) {
  if (spec.startsWith('node:')) return spec;
  const parts = spec.split('/');
  return spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

export const layersRule = {
  meta: {
    type: 'problem',
    docs: { description: "Enforce hexref's layer rules (docs/architecture.md)" },
    messages: {
      area: "Layer rule: {{from}} ({{file}}) may not import {{to}} ('{{spec}}'). See docs/architecture.md.",
      engine:
        'Engine layer rule: {{file}} ({{from}}) may not import {{target}} ({{to}}): imports run core ← kernel ← rules ← top. See docs/architecture.md.',
      pkg: "Layer rule: {{from}} ({{file}}) may not import the package '{{pkg}}'. See docs/architecture.md.",
    },
    schema: [],
  },
  create(context) {
    const file = path.relative(ROOT, context.filename).split(path.sep).join('/');
    const from = areaOf(file);
    const layer = from ? LAYERS[from] : null;
    if (!layer) return {};
    function check(node, spec) {
      if (typeof spec !== 'string') return;
      if (spec.startsWith('.') || spec.startsWith('/')) {
        const target = path
          .relative(ROOT, path.resolve(path.dirname(context.filename), spec))
          .split(path.sep)
          .join('/');
        const to = areaOf(target) ?? areaOf(target + '/');
        if (to && !layer.areas.includes(to)) context.report({ node, messageId: 'area', data: { from, file, to, spec } });
        if (!to && !target.startsWith('data/')) context.report({ node, messageId: 'area', data: { from, file, to: target, spec } });
        if (from === 'engine' && to === 'engine') {
          const fromLayer = engineLayerOf(file);
          const toLayer = engineLayerOf(target.replace(/\.js$/, '.ts'));
          if (ENGINE_ORDER.indexOf(toLayer) > ENGINE_ORDER.indexOf(fromLayer))
            context.report({ node, messageId: 'engine', data: { file, from: fromLayer, target, to: toLayer } });
        }
        return;
      }
      const pkg = packageName(spec);
      const ok = layer.packages.some((p) => (typeof p === 'string' ? p === pkg : p.test(pkg)));
      if (!ok) context.report({ node, messageId: 'pkg', data: { from, file, pkg } });
    }
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};
