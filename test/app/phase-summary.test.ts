// The phase summary posted at each phase end (src/app/phase-summary.ts): read from the newest record entry
// back to the previous phase end, it lists what the whole-window reading listed: the accepted actions
// since that phase end, undone ones left out.
import { describe, expect, it } from 'vitest';
import seedrandom from 'seedrandom';
import { phaseSummary } from '../../src/app/phase-summary.js';
import { describeAction } from '../../src/app/describe-action.js';
import type { RecordEntry } from '../../src/app/game-doc.js';
import type { Action } from '../../src/engine/types.js';

const base = (seq: number) => ({ seq, v: seq, id: `r${seq}`, user: 'u', at: seq });

/** The summary as first written: every entry of the window read forwards. */
function reference(entries: readonly RecordEntry[]): string[] {
  const undone = new Set(entries.flatMap((e) => (e.kind === 'undo' ? [e.undoes] : [])));
  const acts = entries.flatMap((e) => (e.kind === 'action' && !undone.has(e.seq) ? [e] : []));
  const last = acts[acts.length - 1];
  if (!last) return [];
  let i = acts.length - 2;
  while (i >= 0 && acts[i]!.action.type !== 'endPhase') i--;
  const phaseActs = acts.slice(i + 1, -1);
  return [String(phaseActs.length), ...phaseActs.map((e) => `#${e.seq} ${describeAction(e.action)}`), String(last.seq)];
}

/** The same facts read off the summary's lines (its count, the actions shown, which may be clipped). */
function facts(lines: string[]): string[] {
  if (!lines.length) return [];
  return [
    /(\d+) action|no actions/.exec(lines[0]!)![1] ?? '0',
    ...lines
      .slice(1)
      .filter((l) => !l.startsWith('• …'))
      .map((l) => l.slice(2)),
  ];
}

describe('phase summary (issue 18: read back to the previous phase end only)', () => {
  it('lists the accepted actions since the previous phase end, undone ones left out', () => {
    const dig = (unit: string): Action => ({ type: 'digIn', units: [unit] });
    const entries: RecordEntry[] = [
      { ...base(1), kind: 'action', side: 'soviet', action: dig('a'), rolls: [] },
      { ...base(2), kind: 'action', side: 'soviet', action: { type: 'endPhase', phase: 'action' }, rolls: [] },
      { ...base(3), kind: 'action', side: 'finnish', action: dig('b'), rolls: [] },
      { ...base(4), kind: 'action', side: 'finnish', action: dig('c'), rolls: [] },
      { ...base(5), kind: 'undo', side: 'finnish', undoes: 4 },
      { ...base(6), kind: 'note', text: 'hello' },
      { ...base(7), kind: 'action', side: 'finnish', action: { type: 'endPhase', phase: 'action' }, rolls: [] },
    ];
    expect(phaseSummary(entries)).toEqual(['Summary of the Finnish action phase: 1 action.', `• #3 ${describeAction(dig('b'))}`]);
    // An undone phase end is no boundary: the actions before it belong to the phase that ended now.
    const undoneEnd: RecordEntry[] = [
      ...entries.slice(0, 2),
      { ...base(3), kind: 'undo', side: 'soviet', undoes: 2 },
      ...entries.slice(2).map((e) => (e.kind === 'undo' ? { ...e, seq: e.seq + 10, undoes: e.undoes + 10 } : { ...e, seq: e.seq + 10 })),
    ];
    expect(facts(phaseSummary(undoneEnd))[0]).toBe('2');
    expect(phaseSummary([])).toEqual([]);
  });

  it('agrees with the whole-window reading on random records with undos', () => {
    const rng = seedrandom('phase-summary');
    for (let run = 0; run < 300; run++) {
      const entries: RecordEntry[] = [];
      const n = 1 + Math.floor(rng() * 40);
      for (let seq = 1; seq <= n; seq++) {
        const r = rng();
        const earlier = entries.filter((e) => e.kind === 'action');
        if (r < 0.15 && earlier.length) {
          entries.push({ ...base(seq), kind: 'undo', side: 'soviet', undoes: earlier[Math.floor(rng() * earlier.length)]!.seq });
        } else if (r < 0.35) {
          entries.push({ ...base(seq), kind: 'action', side: 'finnish', action: { type: 'endPhase', phase: 'action' }, rolls: [] });
        } else if (r < 0.4) {
          entries.push({ ...base(seq), kind: 'note', text: 'n' });
        } else {
          entries.push({ ...base(seq), kind: 'action', side: 'soviet', action: { type: 'digIn', units: [`u${seq}`] }, rolls: [] });
        }
      }
      const ref = reference(entries);
      const got = phaseSummary(entries);
      if (!ref.length) {
        expect(got).toEqual([]);
        continue;
      }
      const count = Number(ref[0]);
      const shown = ref.slice(1, -1).slice(-8);
      expect(facts(got)).toEqual([String(count), ...shown]);
    }
  });
});
