// Every adjudication check, by name (`hexref check <name>`). Most need only their code; the Red Winter
// table checks read their rows and DRMs from the ruleset's tables, which the caller loads and passes in
// (src/dice may not read data files: see redwinter.ts).
import { aslChecks } from './asl.js';
import { redWinterChecks, type RedWinterTables } from './redwinter.js';
import { riflesChecks } from './rifles.js';
import type { CheckDef, CheckResult } from './types.js';
import { weatherChecks } from './weather.js';

export * from './types.js';
export { judgeTableRoll, RED_WINTER_TABLE_CHECKS, type RedWinterTables } from './redwinter.js';

/** The checks that need no data. */
export const checks: CheckDef[] = [...riflesChecks, ...aslChecks, ...weatherChecks];

/** Every check: the ones above plus the Red Winter table checks built on `tables`. */
export function allChecks(tables: RedWinterTables): CheckDef[] {
  return [...checks, ...redWinterChecks(tables)];
}

export function findCheck(name: string, catalog: CheckDef[] = checks): CheckDef | undefined {
  return catalog.find((c) => c.name === name);
}

/** A verdict in a few lines for a roll message: the outcome, how it was reached, the sections. */
export function describeVerdict(result: CheckResult, systemName: (system: string) => string = (s) => s): string[] {
  const bySystem = new Map<string, string[]>();
  for (const c of result.cites) bySystem.set(c.system, [...(bySystem.get(c.system) ?? []), c.id]);
  return [
    `→ ${result.outcome}`,
    ...result.details.map((d) => `  ${d}`),
    `  Rules: ${[...bySystem].map(([s, ids]) => `${systemName(s)} ${ids.join(', ')}`).join('; ')}`,
  ];
}
