// Service refusals as players read them: the message, its rule section, and what to do about it.
import type { Result } from '../app/game-service.js';
import { Refusal } from './replies.js';

/** What to suggest for each kind of service refusal. */
export function fixFor(code: string): string | undefined {
  if (code === 'game/none-in-channel') return 'start one with `/game new`.';
  if (code === 'game/channel-taken') return 'finish or `/game abort` the current game, or use another channel.';
  if (code === 'perm/not-seated') return 'take a seat with `/game join` before the start, or ask the host to `/game seat` you.';
  if (code === 'perm/not-your-turn')
    return 'wait for the ping: the bot mentions your side when it must act. `/game status` shows who is awaited.';
  if (code === 'perm/wrong-side') return 'act only for the side you sit on (see `/game status`).';
  if (code === 'perm/not-host') return 'ask the host (shown in `/game status`).';
  if (code === 'game/stale') return 'use the newest message, or `/game status` for fresh buttons.';
  if (code === 'game/not-started') return 'the host starts it with `/game start` once both sides are seated.';
  if (code.startsWith('store/')) return 'try again in a moment; `/game status` shows what was saved.';
  if (code === 'rule/wrong-phase')
    return 'finish this phase with `/play end` (or wait for your phase); `/game status` shows the phase and who must act.';
  if (code === 'rule/assault-after-move')
    return '`/game undo` takes the move back (if no die was rolled since); then `/play assault` with `path:` listing the hexes to move through, so the move and the Assault are one action.';
  if (code === 'rule/already-acted') return 'pick another unit; `/game undo` takes your last action back if no die was rolled since.';
  if (code === 'rule/not-your-turn')
    return 'wait for the ping: the bot mentions your side when it must act. `/game status` shows who is awaited.';
  if (code === 'rule/pending-decision')
    return 'answer the decision first with the buttons on the message that asked for it (or `/game status`).';
  if (code === 'rule/game-over')
    return 'the game has ended: `/game export` and `/game verify` take `game:<id>`; `/game new` starts another.';
  if (code === 'rule/not-yet') return 'this action has no control yet: play on without it.';
  if (code.startsWith('rule/')) return 'pick from the autocomplete list: it offers only legal choices.';
  if (code === 'input/bad-hex') return 'give a hex such as M16 (any case, spaces allowed), or pick one from the list.';
  if (code === 'input/unknown-unit') return 'pick a unit from the autocomplete list (ids in any case, e.g. `mtr/609`).';
  if (code === 'input/not-your-unit') return "name one of your own side's units: the autocomplete list offers only those.";
  if (code.startsWith('input/')) return 'pick from the autocomplete list: it offers only what you can do now.';
  return undefined;
}

/** The successful result, or throw a Refusal carrying the rule section and a fix. */
export function unwrap<T>(r: Result<T>): Extract<Result<T>, { ok: true }> {
  if (r.ok) return r as Extract<Result<T>, { ok: true }>;
  throw new Refusal(r.error.message, r.error.rule, fixFor(r.error.code), r.error.code);
}
