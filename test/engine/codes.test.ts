// The closed lists of refusal codes (src/engine/codes.ts, src/app/refusal-codes.ts) and their docs agree.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RULE_CODES } from '../../src/engine/codes.js';
import { SERVICE_CODES } from '../../src/app/refusal-codes.js';

const codesIn = (file: string, heading: string): string[] => {
  const text = readFileSync(file, 'utf8');
  const section = text.slice(text.indexOf(heading));
  const end = section.indexOf('\n## ', 1);
  return [...(end > 0 ? section.slice(0, end) : section).matchAll(/`([a-z]+\/[a-z0-9-]+)`/g)].map((m) => m[1]!);
};

describe('refusal codes', () => {
  it('each list names a code once', () => {
    expect(new Set(RULE_CODES).size).toBe(RULE_CODES.length);
    expect(new Set(SERVICE_CODES).size).toBe(SERVICE_CODES.length);
  });

  it('docs/engine-api.md lists exactly the engine’s codes', () => {
    expect(codesIn('docs/engine-api.md', '## Violation codes').sort()).toEqual([...RULE_CODES].sort());
  });

  it('docs/architecture.md lists exactly the service’s own codes', () => {
    expect(codesIn('docs/architecture.md', '### Refusal codes').sort()).toEqual([...SERVICE_CODES].sort());
  });
});
