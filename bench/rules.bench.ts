// npm run bench:rules — rule lookup speed: autocomplete per keystroke and a full question, beside a
// floor measured in the same run (one pass over every entry comparing lower-cased titles, the least a
// lookup of all rule sets could do). Not a test: prints figures.
import { loadRuleLibrary } from '../src/rules/load.js';

const N = Number(process.env.BENCH_N ?? 2000);
const lib = loadRuleLibrary({ fullTextDir: 'var/rules-none' });
const entries = lib.systems.flatMap((s) => lib.list(s));
const KEYSTROKES = ['fro', '8.', 'ski', 'アキ', 'conc', 'retreat in', 'E4.', 'zoc'];
const QUESTIONS = [
  'how do assaults work',
  'can I retreat into enemy zoc',
  '求心攻撃とは',
  'E4.3',
  'concentrik atack',
  'ZOCに退却するとどうなる？',
];

function perOp(fn: (i: number) => unknown): number {
  for (let i = 0; i < 50; i++) fn(i); // warm-up
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < N; i++) fn(i);
  return Number(process.hrtime.bigint() - t0) / 1e6 / N;
}

let sink = 0;
const floor = perOp((i) => {
  const q = KEYSTROKES[i % KEYSTROKES.length]!.toLowerCase();
  for (const e of entries) if (e.title.toLowerCase().includes(q)) sink++;
});
const suggest = perOp((i) => (sink += lib.suggest(KEYSTROKES[i % KEYSTROKES.length]!).length));
const search = perOp((i) => (sink += lib.search(QUESTIONS[i % QUESTIONS.length]!).hits.length));

const ms = (x: number) => `${x.toFixed(3)} ms`;
console.log(`rule lookup over ${lib.systems.length} rule sets, ${entries.length} entries, ${N} runs each`);
console.log(`  floor (scan every title once)   ${ms(floor)}`);
console.log(`  autocomplete, per keystroke     ${ms(suggest)}   (${(suggest / floor).toFixed(0)}× floor)`);
console.log(`  search, per question            ${ms(search)}   (${(search / floor).toFixed(0)}× floor)`);
if (sink < 0) console.log(sink);
