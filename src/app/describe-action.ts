// One line per player action, in the words of the record, the phase summary and the alt text of the map
// posted with it (the service's view captions are these words). Exhaustive: a new action type without
// its words does not compile, so no raw engine name ("support", "atFire") reaches a player.
import type { Action } from '../engine/types.js';
import { phaseLabel } from '../engine/labels.js';
import { describeNightAction } from './night-text.js';
import { describeRebuildAction } from './rebuild-text.js';

const units = (ids: readonly string[]): string => ids.join('+');

/** `2/1/609 −1, 3/1/609 −2`, or '' for no steps. */
function stepWords(steps: Readonly<Record<string, number>>): string {
  return Object.entries(steps)
    .filter(([, n]) => n > 0)
    .map(([u, n]) => `${u} −${n}`)
    .join(', ');
}

/** The losses an answer takes: its steps and each retreat with its path (8.5, 8.5.2). */
function lossWords(a: Extract<Action, { type: 'takeLosses' }>): string {
  const parts: string[] = [];
  const steps = stepWords(a.steps);
  if (steps) parts.push(steps);
  for (const [u, path] of Object.entries(a.retreat ?? {})) if (path.length) parts.push(`${u} retreats ${path.join('→')}`);
  return parts.length ? parts.join('; ') : 'no step lost, no retreat';
}

export function describeAction(a: Action): string {
  switch (a.type) {
    case 'move': {
      const to = a.to ?? a.path?.[a.path.length - 1];
      const via = a.path && a.path.length > 1 ? ` via ${a.path.slice(0, -1).join('-')}` : '';
      return `move ${units(a.units)}${to ? ` to ${to}${via}` : ''}${a.exit ? `${to ? ' and' : ''} off the map` : ''}`;
    }
    case 'enterReinforcement': {
      const at = a.at ?? a.path?.[0];
      const to = a.to ?? (a.path && a.path.length > 1 ? a.path[a.path.length - 1] : undefined);
      return `bring on ${units(a.units)}${at ? ` at ${at}` : ''}${to && to !== at ? ` to ${to}` : ''}`;
    }
    case 'delayReinforcement':
      return `delay ${units(a.units)} to ${a.toTurn ? `turn ${a.toTurn}` : 'the next turn'}`;
    case 'endPhase':
      // Lower case as in the record's other verbs: "end the reset phase", "end the sub-zero loss phase".
      return `end the ${phaseLabel(a.phase).toLowerCase()}`;
    case 'placeLeader':
      return `place ${a.unit} in ${a.hex}`;
    case 'combat':
      return `attack ${a.target} with ${units(a.attackers)}${a.support?.length ? `, Support by ${units(a.support)}` : ''}`;
    case 'assault':
      return `assault ${a.target} with ${units(a.units)}${a.path?.length ? ` via ${a.path.join('-')}` : ''}`;
    case 'ranged':
      return `fire at ${a.target} with ${units(a.units)}`;
    case 'support':
      // The answer to a Defensive Support decision (10.3.2): no units is the decline.
      return a.units.length
        ? `give Defensive Support with ${units(a.units)}${a.target ? ` on ${a.target}` : ''}`
        : 'decline Defensive Support';
    case 'atFire':
      return `AT Fire with ${units(a.units)} at ${a.target}`;
    case 'artilleryPark':
      return `raid the artillery park with ${a.unit}`;
    case 'commitArmor':
      return `commit the Soviet armor ${units(a.units)}`;
    case 'createProvisional':
      return `form the Provisional Company in ${a.hex}`;
    case 'attachLmg':
      return `give a Captured LMGs marker to ${a.unit}`;
    case 'changeStance':
      return 'change the Finnish operational stance';
    case 'takeLosses':
      return `take losses: ${lossWords(a)}`;
    case 'advance':
      // No units: the attackers stay where they are (`decide stay`, 8.7).
      return a.units.length && a.path.length
        ? `advance ${units(a.units)} to ${a.path[a.path.length - 1]}${a.path.length > 1 ? ` via ${a.path.slice(0, -1).join('-')}` : ''}`
        : 'stay put: no advance after combat';
    case 'friction':
      return a.hex
        ? `Friction Fire in ${a.hex}${a.units?.length ? ` with ${units(a.units)}` : ''}`
        : 'let the moving stack pass (no Friction Fire)';
    case 'frictionResult': {
      if (a.halt) return 'halt under Friction Fire';
      const steps = stepWords(a.steps ?? {});
      return steps ? `take the Friction Fire steps: ${steps}` : 'take no Friction Fire steps';
    }
    case 'bonfire':
    case 'nightRaid':
      return describeNightAction(a)!;
    case 'recovery':
    case 'digIn':
    case 'removeEntrenchment':
    case 'replacement':
      return describeRebuildAction(a)!;
    default: {
      const never: never = a;
      return (never as { type: string }).type;
    }
  }
}
