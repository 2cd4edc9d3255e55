// Every adjudication check, by name (`hexref check <name>`).
import { aslChecks } from './asl.js';
import { riflesChecks } from './rifles.js';
import type { CheckDef } from './types.js';
import { weatherChecks } from './weather.js';

export * from './types.js';
export const checks: CheckDef[] = [...riflesChecks, ...aslChecks, ...weatherChecks];

export function findCheck(name: string): CheckDef | undefined {
  return checks.find((c) => c.name === name);
}
