// Service refusals as players read them: the message, its rule section, and what to do about it.
import type { Result } from '../app/game-service.js';
import type { RefusalCode } from '../app/refusal-codes.js';
import { Refusal } from './replies.js';

const WAIT_FOR_PING = 'wait for the ping: the bot mentions your side when it must act. `/game status` shows who is awaited.';

/** What to suggest for a refusal, by its code (src/app/refusal-codes.ts); a misspelt code fails to compile. */
const HINTS: Partial<Record<RefusalCode, string>> = {
  'game/none-in-channel': 'start one with `/game new`.',
  'game/channel-taken': 'finish or `/game abort` the current game, or use another channel.',
  'perm/not-seated': 'take a seat with `/game join` before the start, or ask the host to `/game seat` you.',
  'perm/not-your-turn': WAIT_FOR_PING,
  'perm/wrong-side': 'act only for the side you sit on (see `/game status`).',
  'perm/not-host': 'ask the host (shown in `/game status`).',
  'game/stale': 'use the newest message, or `/game status` for fresh buttons.',
  'game/not-started': 'the host starts it with `/game start` once both sides are seated.',
  'rule/wrong-phase': 'finish this phase with `/play end` (or wait for your phase); `/game status` shows the phase and who must act.',
  'rule/assault-after-move':
    '`/game undo` takes the move back (if no die was rolled since); then `/play assault` with `path:` listing the hexes to move through, so the move and the Assault are one action.',
  'rule/already-acted': 'pick another unit; `/game undo` takes your last action back if no die was rolled since.',
  'rule/not-your-turn': WAIT_FOR_PING,
  'rule/pending-decision': 'answer the decision first with the buttons on the message that asked for it (or `/game status`).',
  'rule/game-over': 'the game has ended: `/game export` and `/game verify` take `game:<id>`; `/game new` starts another.',
  'rule/stance-change': 'the Finns change their stance once, in one of their phases from turn 20: `/play stance`.',
  'rule/provisional': 'from Day 2, once Soviets have reached column I and Pajari is within 4 of E13: `/play provisional` offers the hexes.',
  'rule/captured-lmg':
    'a won Captured LMGs marker goes to a Finnish infantry company in the Finnish Action Phase: `/play lmg` offers them.',
  'rule/armor-commitment': 'armor is committed at the start of a Soviet Action Phase from turn 6, before any unit acts (`/play armor`).',
  'input/bad-hex': 'give a hex such as M16 (any case, spaces allowed), or pick one from the list.',
  'input/unknown-unit': 'pick a unit from the autocomplete list (ids in any case, e.g. `mtr/609`).',
  'input/not-your-unit': "name one of your own side's units: the autocomplete list offers only those.",
};

/** What to suggest for each kind of service refusal: its own hint, else one for its family. */
export function fixFor(code: RefusalCode): string | undefined {
  const own = HINTS[code];
  if (own) return own;
  if (code.startsWith('store/')) return 'try again in a moment; `/game status` shows what was saved.';
  if (code.startsWith('rule/')) return 'pick from the autocomplete list: it offers only legal choices.';
  if (code.startsWith('input/')) return 'pick from the autocomplete list: it offers only what you can do now.';
  return undefined;
}

/** The successful result, or throw a Refusal carrying the rule section and a fix. */
export function unwrap<T>(r: Result<T>): Extract<Result<T>, { ok: true }> {
  if (r.ok) return r as Extract<Result<T>, { ok: true }>;
  throw new Refusal(r.error.message, r.error.rule, fixFor(r.error.code), r.error.code);
}
