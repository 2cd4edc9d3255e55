// `hexref doctor`: checks that this machine can run the bot, prints each problem with its fix,
// and exits 0 only when everything is well.
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, storeKind, type Config } from '../../config.js';
import { checkFileStore, pingRedis } from '../../store/ping.js';
import { canvasSelfTest, FONT_FILES } from '../../../render/fonts.js';
import type { CliCommand, CliIO } from '../types.js';

interface Check {
  name: string;
  ok: boolean;
  detail: string;
  fix?: string;
  warn?: boolean;
}

function nodeCheck(): Check {
  const [major, minor] = process.versions.node.split('.').map(Number) as [number, number];
  const ok = major > 20 || (major === 20 && minor >= 19);
  return {
    name: 'node',
    ok,
    detail: `Node ${process.versions.node}`,
    fix: ok ? undefined : 'install Node 20.19 or newer',
  };
}

async function runChecks(): Promise<Check[]> {
  const checks: Check[] = [nodeCheck()];
  let config: Config | undefined;
  try {
    config = loadConfig();
    checks.push({
      name: 'config',
      ok: true,
      detail: config.DISCORD_TOKEN
        ? 'valid; DISCORD_TOKEN set: the bot will connect to Discord'
        : 'valid; no DISCORD_TOKEN: the bot runs in console mode',
    });
    if (config.DISCORD_TOKEN && !config.DISCORD_CLIENT_ID) {
      checks.push({
        name: 'config',
        ok: true,
        warn: true,
        detail: 'DISCORD_CLIENT_ID is empty: `npm run deploy-commands` will not work',
        fix: 'set DISCORD_CLIENT_ID to the Application ID',
      });
    }
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    checks.push({ name: 'config', ok: false, detail: `${err.variable} ${err.problem}`, fix: err.fix });
  }

  if (config) {
    const kind = storeKind(config.STORE_URL);
    if (kind === 'file') checks.push({ name: 'store', ...checkFileStore(config.STORE_URL) });
    else if (kind === 'memory')
      checks.push({
        name: 'store',
        ok: true,
        warn: true,
        detail: 'in-memory store: games are lost on restart',
        fix: 'use file: or redis:// for real games',
      });
    else checks.push({ name: 'redis', ...(await pingRedis(config.STORE_URL)) });
  }

  const fontsPresent = Object.values(FONT_FILES).every((f) => existsSync(f));
  if (!fontsPresent) {
    checks.push({
      name: 'font',
      ok: false,
      detail: 'bundled font files are missing from render/fonts/',
      fix: 'restore render/fonts/ from git',
    });
  }
  try {
    const { bytes, textWidth } = await canvasSelfTest();
    checks.push({
      name: 'canvas',
      ok: textWidth > 0 && bytes > 0,
      detail: `node-canvas drew text with the bundled font and encoded a ${bytes}-byte PNG`,
    });
  } catch (err) {
    checks.push({
      name: 'canvas',
      ok: false,
      detail: `node-canvas failed: ${(err as Error).message.split('\n')[0]}`,
      fix: 'run `bash scripts/setup.sh --install-only` (installs libcairo2-dev, libpango1.0-dev, … and rebuilds canvas)',
    });
  }
  return checks;
}

export function printChecks(checks: Check[], io: CliIO): boolean {
  let allOk = true;
  for (const c of checks) {
    const mark = !c.ok ? 'FAIL' : c.warn ? 'warn' : ' ok ';
    io.out(`[${mark}] ${c.name.padEnd(7)} ${c.detail}`);
    if ((!c.ok || c.warn) && c.fix) io.out(`         fix: ${c.fix}`);
    if (!c.ok) allOk = false;
  }
  io.out(allOk ? 'All checks passed.' : 'Some checks failed: see the fixes above.');
  return allOk;
}

const doctor: CliCommand = {
  name: 'doctor',
  async run(args, io) {
    const { values } = parseArgs({ args, options: { store: { type: 'string' } }, strict: true });
    if (values.store) process.env.STORE_URL = values.store;
    return printChecks(await runChecks(), io) ? 0 : 1;
  },
};
export default doctor;
