// Start-up: time to the console prompt and its idle memory, and `hexref --help`, each beside the
// floor `node -e 0` measured in the same run. Runs the compiled build (dist/, `npm run build`) and,
// for comparison, the TypeScript sources through tsx (HEXREF_FROM_SOURCE=1).
//   npm run bench:startup [-- --runs 5]
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { compiledIsCurrent } from '../bin/compiled.js';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
const runs = Number(values.runs);
const BIN = path.resolve('bin/hexref.js');

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

function timeCommand(args: string[], env: NodeJS.ProcessEnv = {}): number {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, args, { env: { ...process.env, ...env }, stdio: 'ignore' });
  if (r.status !== 0) throw new Error(`${args.join(' ')} exited ${r.status}`);
  return performance.now() - t0;
}

/** Milliseconds until the console prints its prompt, and the process's resident memory then (MiB). */
function consoleReady(env: NodeJS.ProcessEnv): Promise<{ ms: number; rssMiB: number }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'hexref-startup-'));
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, [BIN, 'start'], {
      env: { ...process.env, DISCORD_TOKEN: '', STORE_URL: `file:${dir}`, LOG_LEVEL: 'warn', ...env },
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    let out = '';
    child.stdout.on('data', (b: Buffer) => {
      out += b.toString();
      if (!out.includes('hexref>')) return;
      const ms = performance.now() - t0;
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const rssKiB = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
      child.stdin.end('quit\n');
      child.once('exit', () => {
        rmSync(dir, { recursive: true, force: true });
        resolve({ ms, rssMiB: rssKiB / 1024 });
      });
    });
    child.once('error', reject);
  });
}

async function measure(label: string, env: NodeJS.ProcessEnv) {
  const ready: number[] = [];
  const rss: number[] = [];
  const help: number[] = [];
  for (let i = 0; i < runs; i++) {
    const r = await consoleReady(env);
    ready.push(r.ms);
    rss.push(r.rssMiB);
    help.push(timeCommand([BIN, '--help'], env));
  }
  return { label, ready: median(ready), rss: median(rss), help: median(help) };
}

const floorMs = median(Array.from({ length: runs }, () => timeCommand(['-e', '0'])));
const floorRss = (() => {
  const r = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.memoryUsage().rss))'], { encoding: 'utf8' });
  return Number(r.stdout) / 1024 / 1024;
})();
const compiled = compiledIsCurrent(process.cwd());
const rows = [await measure('compiled (dist/)', {}), await measure('sources via tsx', { HEXREF_FROM_SOURCE: '1' })];

console.log(
  `start-up, median of ${runs} runs${compiled ? '' : ' (no current build: sources changed since, or never built; run `npm run build` first: both rows ran through tsx)'}`,
);
console.log(`  floor: node -e 0                ${floorMs.toFixed(0).padStart(5)} ms   ${floorRss.toFixed(0)} MiB`);
for (const r of rows) {
  console.log(
    `  ${r.label.padEnd(18)} console ready ${r.ready.toFixed(0).padStart(5)} ms (${(r.ready / floorMs).toFixed(1)}× floor)   idle ${r.rss.toFixed(0)} MiB   --help ${r.help.toFixed(0)} ms`,
  );
}
console.log('  targets (issue 18): ready ≤ 800 ms, idle ≤ 150 MiB');
