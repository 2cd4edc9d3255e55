// Docker cannot run on the team's machines, so this test guards the image instead: the build context
// (.dockerignore) leaves out secrets and state, the image's install steps stay in step with
// scripts/setup.sh, the base image is the current Node LTS, and the health check is the cheap one.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const dockerfile = readFileSync('Dockerfile', 'utf8');
const setup = readFileSync('scripts/setup.sh', 'utf8');
const ignore = readFileSync('.dockerignore', 'utf8');
const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } };

/** Docker's .dockerignore rules (filepath.Match plus `**`, `!` exceptions, last match wins). */
function excluded(file: string): boolean {
  let out = false;
  for (const raw of ignore.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const negate = line.startsWith('!');
    const pattern = (negate ? line.slice(1) : line).replace(/^\/+|\/+$/g, '');
    const re = new RegExp(
      '^' +
        pattern
          .split('**')
          .map((part) =>
            part
              .replace(/[.+^${}()|[\]\\]/g, '\\$&')
              .replace(/\*/g, '[^/]*')
              .replace(/\?/g, '[^/]'),
          )
          .join('.*') +
        '(/.*)?$',
    );
    if (re.test(file)) out = !negate;
  }
  return out;
}

/** The apt packages a Dockerfile stage installs. */
function aptPackages(stage: string): string[] {
  const block = dockerfile.split(/^FROM /m).find((s) => s.includes(`AS ${stage}`))!;
  const install = /apt-get install -y --no-install-recommends ([^&]+)&&/.exec(block.replace(/\\\n/g, ' '))![1]!;
  return install.split(/\s+/).filter(Boolean).sort();
}

describe('Docker image (checked without Docker)', () => {
  it('the build context leaves out the token, saved games, .git and the host’s node_modules', () => {
    for (const f of [
      '.env',
      '.env.local',
      '.env.production',
      'var/store/games/g-1/3.json',
      'var/store/LOCK',
      'var/dice/cli.json',
      'var/health.json',
      '.git/config',
      '.git/objects/ab/cdef',
      'node_modules/canvas/build/Release/canvas.node',
      'coverage/index.html',
      'bot.log',
      '.ci/run',
      // What the image does not run (issue 45): tests, benches, docs, examples, tools, untracked folders.
      'test/docker/image.test.ts',
      'test/fixtures/records/campaign-bot.json',
      'bench/burst.bench.ts',
      'docs/storage.md',
      'examples/records/tutorial.json',
      'scripts/setup.sh',
      'scripts/verify-dice.ts',
      'vitest.config.ts',
      'eslint.config.js',
      'README.md',
      'docker-compose.yml',
      'Dockerfile',
      '.env.example',
      'scratch/notes.txt',
      'out/map.png',
      'src/var/store/games/g-1/1.json',
      'data/.env',
    ]) {
      expect(excluded(f), f).toBe(true);
    }
    for (const f of [
      'package.json',
      'package-lock.json',
      '.npmrc',
      'bin/hexref.js',
      'bin/hexref-health.js',
      'src/main.ts',
      'src/health.ts',
      'commands/game.ts',
      'render/fonts/DejaVuSans.ttf',
      'data/redwinter/map.json',
      'scripts/build.js',
      'scripts/private-redis.ts',
      'tsconfig.json',
      'tsconfig.build.json',
    ]) {
      expect(excluded(f), f).toBe(false);
    }
  });

  /** What the build stage copies after `npm ci`, each source as written in the Dockerfile. */
  const copied = [...dockerfile.slice(dockerfile.indexOf('npm ci')).matchAll(/^COPY (?!--from)(.+) \S+$/gm)].flatMap((m) =>
    m[1]!.split(/\s+/),
  );

  it('copies only what the image needs, named one by one, and the build context lets in exactly that', () => {
    expect(dockerfile).not.toMatch(/^COPY \. /m);
    expect(copied.sort()).toEqual(
      [
        'tsconfig.json',
        'tsconfig.build.json',
        'scripts/build.js',
        'scripts/private-redis.ts',
        'bin',
        'data',
        'render',
        'commands',
        'src',
      ].sort(),
    );
    // .dockerignore is an allow-list: everything out, then the install files and what the Dockerfile copies.
    const allowed = ignore
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l.startsWith('!'))
      .map((l) => l.slice(1));
    expect(ignore).toMatch(/^\*$/m);
    expect(allowed.sort()).toEqual([...copied, 'package.json', 'package-lock.json', '.npmrc'].sort());
    for (const p of allowed) expect(existsSync(p), `${p} exists`).toBe(true);
  });

  it('every relative import of what is copied resolves to a file that is copied too (no test/ or bench/ helper)', () => {
    const files = (p: string): string[] =>
      statSync(p).isDirectory() ? readdirSync(p).flatMap((e) => files(path.join(p, e))) : /\.(ts|js|mjs)$/.test(p) ? [p] : [];
    const missing: string[] = [];
    for (const file of copied.filter((p) => !p.startsWith('tsconfig')).flatMap(files)) {
      if (excluded(file)) continue;
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/(?:from|import\()\s*'(\.{1,2}\/[^']+)'/g)) {
        const target = path.normalize(path.join(path.dirname(file), m[1]!));
        if (target.startsWith('dist/')) continue; // compiled in the image (npm run build)
        const candidates = [target, target.replace(/\.js$/, '.ts')];
        if (!candidates.some((c) => existsSync(c) && !excluded(c))) missing.push(`${file} → ${m[1]}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('builds on the current Node LTS (22) in both stages, within package.json engines', () => {
    const froms = [...dockerfile.matchAll(/^FROM (\S+)/gm)].map((m) => m[1]);
    expect(froms).toEqual(['node:22-bookworm-slim', 'node:22-bookworm-slim']);
    const min = /^>=(\d+)\.(\d+)/.exec(pkg.engines.node)!;
    expect(22).toBeGreaterThanOrEqual(Number(min[1]));
  });

  it('installs the same system packages as scripts/setup.sh (less redis-server, which only the tests use)', () => {
    const fromSetup = /APT_PACKAGES=\(([^)]*)\)/.exec(setup)![1]!.split(/\s+/).filter(Boolean);
    expect(aptPackages('build')).toEqual(fromSetup.filter((p) => p !== 'redis-server').sort());
    // The runtime stage carries the library behind every -dev package the build needs.
    const runtimeOf: Record<string, string[]> = {
      'libpango1.0-dev': ['libpango-1.0-0', 'libpangocairo-1.0-0'],
      'libcairo2-dev': ['libcairo2'],
      'libgif-dev': ['libgif7'],
      'libjpeg-dev': ['libjpeg62-turbo'],
      'librsvg2-dev': ['librsvg2-2'],
      'fonts-dejavu-core': ['fonts-dejavu-core'],
    };
    const runtime = aptPackages('runtime');
    for (const p of fromSetup.filter((x) => x.endsWith('-dev') || x.startsWith('fonts-'))) {
      expect(runtimeOf[p], `no runtime library known for ${p}: add it to the Dockerfile and this table`).toBeDefined();
      for (const lib of runtimeOf[p]!) expect(runtime, `${lib} (for ${p})`).toContain(lib);
    }
  });

  it('installs npm packages the way scripts/setup.sh does: npm ci from the lockfile, canvas checked', () => {
    expect(setup).toMatch(/npm ci --no-audit --no-fund --loglevel=error/);
    expect(dockerfile).toMatch(/npm ci --no-audit --no-fund --loglevel=error/);
    for (const text of [setup, dockerfile]) {
      expect(text, 'both compile to dist/ (the bot starts from JavaScript)').toMatch(/npm run build --silent/);
      expect(text).toMatch(/npm rebuild canvas/);
      expect(text).toMatch(/node -e "require\('canvas'\)"/);
      expect(text).toMatch(/JOBS=max/);
    }
    expect(dockerfile).toMatch(/COPY package\.json package-lock\.json \.npmrc \.\/\n/);
    // The lockfile is installed before the sources are copied, and the sources cannot bring node_modules.
    expect(dockerfile.indexOf('npm ci')).toBeLessThan(dockerfile.indexOf('COPY src'));
    expect(excluded('node_modules/x')).toBe(true);
    // The image compiles its own dist/ and ships without the build-only packages.
    expect(excluded('dist/src/main.js')).toBe(true);
    expect(dockerfile.indexOf('npm run build')).toBeGreaterThan(dockerfile.indexOf('COPY src'));
    expect(dockerfile).toMatch(/npm prune --omit=dev/);
  });

  it('checks health cheaply (the heartbeat) instead of running the whole doctor', () => {
    const hc = /^HEALTHCHECK (.*)$/m.exec(dockerfile)![1]!;
    expect(hc).toMatch(/CMD \["node", "bin\/hexref-health\.js"\]/);
    expect(hc).not.toMatch(/doctor/);
    const timeout = Number(/--timeout=(\d+)s/.exec(hc)![1]);
    const interval = Number(/--interval=(\d+)s/.exec(hc)![1]);
    expect(timeout).toBeLessThan(interval);
    // The heartbeat is written well within the health check's own interval.
    expect(readFileSync('src/health.ts', 'utf8')).toMatch(/HEARTBEAT_MS = 15_000/);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^CMD \["node", "bin\/hexref\.js", "start"\]$/m);
  });
});
