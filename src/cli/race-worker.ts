// One racing process for `hexref race` (forked by src/cli/commands/race.ts). It opens its own store
// connection and game service, waits for 'go', then acts on the shared game as fast as it can and
// reports what it applied (request ids) so the parent can check that nothing was lost.
import { openGameService } from '../app/wiring.js';
import type { Action } from '../engine/types.js';

export interface RaceJob {
  storeUrl: string;
  gameId: string;
  actions: number;
  worker: number;
  /**
   * 'engine': real engine actions while the game has turns left — a few legal moves per Action Phase
   * (from legalActions), Pajari placements when pending, then endPhase — with a note after a refusal;
   * 'notes': record notes only.
   */
  mode: 'engine' | 'notes';
  lastTurn: number;
  user: string;
}

export interface RaceStats {
  worker: number;
  attempted: number;
  applied: number;
  engineApplied: number;
  movesApplied: number;
  notesApplied: number;
  conflicts: number;
  conflictRefusals: number;
  refused: number;
  errors: string[];
  appliedIds: string[];
}

/** Moves each process tries per Action Phase before ending it (keeps the game moving through its turns). */
const MOVES_PER_PHASE = 3;

async function main(): Promise<void> {
  const job = JSON.parse(process.env.HEXREF_RACE_JOB ?? '{}') as RaceJob;
  let conflicts = 0;
  const bundle = await openGameService({ storeUrl: job.storeUrl, onConflict: () => conflicts++ });
  const { service } = bundle;
  const actor = { userId: job.user, name: `racer-${job.worker}` };
  const ref = { gameId: job.gameId };
  const stats: RaceStats = {
    worker: job.worker,
    attempted: 0,
    applied: 0,
    engineApplied: 0,
    movesApplied: 0,
    notesApplied: 0,
    conflicts: 0,
    conflictRefusals: 0,
    refused: 0,
    errors: [],
    appliedIds: [],
  };
  process.send!({ type: 'ready' });
  await new Promise<void>((resolve) => process.once('message', () => resolve()));
  let movesThisPhase = 0;
  let phaseKey = '';
  /** A legal engine action for the current position, or null (then a note) once the game is near its end. */
  const pickEngineAction = async (i: number): Promise<Action | null> => {
    const st = await service.status(ref);
    if (!st.ok || st.status.status !== 'active' || st.status.turn === null || st.status.turn >= job.lastTurn || !st.status.phase)
      return null;
    const key = `${st.status.turn}/${st.status.activeSide}/${st.status.phase}`;
    if (key !== phaseKey) {
      phaseKey = key;
      movesThisPhase = 0;
    }
    const phase = st.status.phase as Extract<Action, { type: 'endPhase' }>['phase'];
    const pending = st.status.mustAct?.pending as { type?: string; unit?: string; options?: string[] } | null;
    if (pending?.type === 'placeLeader' && pending.unit && pending.options?.length) {
      return { type: 'placeLeader', unit: pending.unit, hex: pending.options[0]! };
    }
    if (pending) return null;
    if (phase === 'action' && movesThisPhase < MOVES_PER_PHASE) {
      const legal = await service.legal(ref, actor, st.status.mustAct?.side ?? undefined);
      if (legal.ok) {
        const movable = legal.legal.units.filter((u) => u.kind === 'move' && u.reachable.length > 0);
        const pick = movable[(i + job.worker) % Math.max(1, movable.length)];
        if (pick) {
          movesThisPhase++;
          const to = pick.reachable[(i * 7 + job.worker) % pick.reachable.length]!.hex;
          return { type: 'move', units: pick.units, to };
        }
      }
    }
    return { type: 'endPhase', phase };
  };
  let lastEngineRefused = false;
  for (let i = 0; i < job.actions; i++) {
    const requestId = `w${job.worker}-${i}`;
    let action: Action | null = null;
    if (job.mode === 'engine' && !lastEngineRefused) action = await pickEngineAction(i);
    lastEngineRefused = false;
    stats.attempted++;
    const r = action
      ? await service.act(ref, actor, action, { requestId })
      : await service.note(ref, actor, `race note ${requestId}`, { requestId });
    if (r.ok) {
      stats.applied++;
      if (action) stats.engineApplied++;
      if (action?.type === 'move') stats.movesApplied++;
      else stats.notesApplied++;
      stats.appliedIds.push(requestId);
    } else if (r.error.code === 'store/conflict') {
      stats.conflictRefusals++;
    } else if (r.error.code.startsWith('store/')) {
      stats.errors.push(`${r.error.code}: ${r.error.message}`);
      break;
    } else {
      stats.refused++; // e.g. endPhase for a phase another process has just ended
      if (action) lastEngineRefused = true;
    }
  }
  stats.conflicts = conflicts;
  await bundle.close();
  process.send!({ type: 'done', stats }, () => process.exit(0));
}

main().catch((err: unknown) => {
  process.stderr.write(`race worker failed: ${(err as Error).stack ?? String(err)}\n`);
  process.exit(1);
});
