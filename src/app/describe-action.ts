// One line per player action, in the words of the record and the phase summary.
import type { Action } from '../engine/types.js';
import { describeNightAction } from './night-text.js';
import { describeRebuildAction } from './rebuild-text.js';

export function describeAction(a: Action): string {
  switch (a.type) {
    case 'move':
      return `move ${a.units.join('+')} ${a.to ? `to ${a.to}` : a.path ? `via ${a.path.join('-')}` : ''}${a.exit ? ' and exit' : ''}`.trim();
    case 'enterReinforcement':
      return `bring on ${a.units.join('+')}${a.at ? ` at ${a.at}` : ''}${a.to ? ` to ${a.to}` : ''}`;
    case 'delayReinforcement':
      return `delay ${a.units.join('+')}${a.toTurn ? ` to turn ${a.toTurn}` : ''}`;
    case 'endPhase':
      return `end the ${a.phase} phase`;
    case 'placeLeader':
      return `place ${a.unit} in ${a.hex}`;
    case 'combat':
      return `attack ${a.target} with ${a.attackers.join('+')}`;
    case 'assault':
      return `assault ${a.target} with ${a.units.join('+')}`;
    case 'ranged':
      return `fire at ${a.target} with ${a.units.join('+')}`;
    case 'takeLosses':
      return `take losses (${
        Object.entries(a.steps)
          .map(([u, n]) => `${u} −${n}`)
          .join(', ') || 'retreat only'
      })`;
    case 'advance':
      return `advance ${a.units.join('+')} to ${a.path[a.path.length - 1] ?? '?'}`;
    case 'friction':
      return a.hex
        ? `Friction Fire in ${a.hex}${a.units?.length ? ` with ${a.units.join('+')}` : ''}`
        : 'let the moving stack pass (no Friction Fire)';
    case 'frictionResult':
      return a.halt
        ? 'halt under Friction Fire'
        : `take Friction Fire losses (${
            Object.entries(a.steps ?? {})
              .map(([u, n]) => `${u} −${n}`)
              .join(', ') || 'none'
          })`;
    case 'bonfire':
    case 'nightRaid':
      return describeNightAction(a) ?? a.type;
    default:
      return describeRebuildAction(a) ?? a.type;
  }
}
