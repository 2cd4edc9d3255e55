// Buttons and selects for the engine's pending decisions, with the default one click away and every
// other legal answer a few clicks away (the player's choice, never a fixed rule):
// - losses (8.5): which units lose steps, then the retreat path hex by hex from the hexes the engine
//   opens in retreat-priority order (8.5.2), then Confirm;
// - Ranged Attack losses (10.4.2): which units lose the steps;
// - the advance after combat (8.7, 8.7.1): who advances, then the path hex by hex, then Confirm;
// - Defensive Support (10.3.2, 10.3.4): which units fire, then on which attacking hex;
// - placing Pajari (12.3.1): a default button and a select of the other hexes;
// - Friction Fire (optional 20.1): let the stack pass (default) or fire in one hex of its path with every
//   unit that can, or with some of them from a select; then the moving player halts (default) or takes the
//   steps as the engine allocates them (another allocation: `/play decide`).
//
// A draft answer travels in the customId of the next control (`b:<kind>:<picks>:<path>:<op>`): the
// picks are indices into the decision's own unit list, which cannot change while the version stays
// the same, so a click is answered after a restart with no state kept in memory, and a click on an
// older version is refused as stale. Pure: the caller supplies the open hexes the engine computed.
import { ActionRowBuilder, ButtonBuilder, ButtonStyle, StringSelectMenuBuilder, type MessageActionRowComponentBuilder } from 'discord.js';
import type { AdvanceDecision, DefensiveSupportDecision, HexId, PendingDecision } from '../engine/types.js';
import {
  retreatLength,
  retreatingUnits,
  stepSlots,
  stepsFromIndices,
  supportTargets,
  type StepLossDecision,
} from '../app/decision-answers.js';
import { encodeCustomId } from './custom-id.js';

export type Row = ActionRowBuilder<MessageActionRowComponentBuilder>;

/** What the controls are built for: the game and the version the decision belongs to. */
export interface DecisionAt {
  gameId: string;
  version: number;
}

/** Which draft a builder control carries: L losses, R ranged losses, A advance, S Defensive Support. */
export type DraftKind = 'L' | 'R' | 'A' | 'S';

/** A draft answer: picked unit indices (steps, advancers or supporters) and a path or target hexes. */
export interface Draft {
  kind: DraftKind;
  picks: number[];
  path: HexId[];
}

/** The operation a builder control performs on its draft. */
export type DraftOp = 'pick' | 'hex' | 'ok' | 'show' | 'restart';
const OPS: readonly DraftOp[] = ['pick', 'hex', 'ok', 'show', 'restart'];

const MAX_OPTIONS = 25;
const LABEL_MAX = 80;
const label = (t: string): string => (t.length <= LABEL_MAX ? t : t.slice(0, LABEL_MAX - 1) + '…');
/**
 * A button's label that is never cut: the whole answer when it fits in Discord's 80 characters, else
 * `short`, which says where the whole answer is (the decision's embed, the draft's own line, or
 * `/play decide`). A cut label hid the end of a retreat path (issue 46).
 */
export function fitLabel(full: string, short: string): string {
  return full.length <= LABEL_MAX ? full : short;
}
const row = (...c: MessageActionRowComponentBuilder[]): Row => new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(...c);

/** `b:L:0.1:I15.H15:hex` */
export function encodeDraft(d: Draft, op: DraftOp): string {
  return ['b', d.kind, d.picks.join('.'), d.path.join('.'), op].join(':');
}

/** The draft and operation of a builder payload; null when the payload is not a builder's. */
export function decodeDraft(payload: string): { draft: Draft; op: DraftOp } | null {
  const m = /^b:([LRAS]):([0-9.]*):([A-Za-z0-9.-]*):([a-z]+)$/.exec(payload);
  if (!m || !OPS.includes(m[4] as DraftOp)) return null;
  const picks = m[2] ? m[2].split('.').map(Number) : [];
  if (picks.some((n) => !Number.isInteger(n) || n < 0 || n > 99)) return null;
  return { draft: { kind: m[1] as DraftKind, picks, path: m[3] ? m[3].split('.') : [] }, op: m[4] as DraftOp };
}

function id(at: DecisionAt, payload: string): string {
  return encodeCustomId({ kind: 'decide', gameId: at.gameId, version: at.version, payload });
}

/** The controls under the message that announces a decision: default first, then the ways to choose. */
export function decisionControls(at: DecisionAt, pending: PendingDecision): Row[] {
  switch (pending.type) {
    case 'placeLeader': {
      const rows: Row[] = [];
      const [first] = pending.options;
      if (first)
        rows.push(
          row(
            new ButtonBuilder()
              .setCustomId(id(at, `place:${first}`))
              .setLabel(fitLabel(`Place ${pending.unit} in ${first} (default)`, `Place in ${first} (default)`))
              .setStyle(ButtonStyle.Success),
          ),
        );
      if (pending.options.length > 1)
        rows.push(
          row(
            new StringSelectMenuBuilder()
              .setCustomId(id(at, 'place'))
              .setPlaceholder(label(`Or choose where ${pending.unit} goes (rule ${pending.rule})`))
              .addOptions(pending.options.slice(0, MAX_OPTIONS).map((h) => ({ label: h, value: h }))),
          ),
        );
      return rows;
    }
    case 'combatLosses':
    case 'rangedLosses':
    case 'stepLosses':
      return lossControls(at, pending);
    case 'advance':
      return advanceControls(at, pending);
    case 'defensiveSupport':
      return supportControls(at, pending);
    case 'atFireTarget':
      return [
        row(
          ...pending.options.slice(0, 5).map((o) =>
            new ButtonBuilder()
              .setCustomId(id(at, `aim:${o.unit}`))
              .setLabel(
                fitLabel(
                  `Fire at ${o.unit} (${o.drm >= 0 ? '+' : ''}${o.drm})${o.unit === pending.default.unit ? ' (default)' : ''}`,
                  `Fire at ${o.unit}${o.unit === pending.default.unit ? ' (default)' : ''}`,
                ),
              )
              .setStyle(o.unit === pending.default.unit ? ButtonStyle.Success : ButtonStyle.Secondary),
          ),
        ),
      ];
    case 'frictionFire': {
      const rows = [
        row(
          new ButtonBuilder().setCustomId(id(at, 'default')).setLabel(label('Let it pass (default)')).setStyle(ButtonStyle.Success),
          ...pending.options.slice(0, 4).map((o) =>
            new ButtonBuilder()
              .setCustomId(id(at, `ff:${o.hex}`))
              .setLabel(
                fitLabel(
                  `Fire in ${o.hex}: ${o.firers.map((f) => `${f.unit} ${f.mod >= 0 ? '+' : ''}${f.mod}`).join(', ')}`,
                  `Fire in ${o.hex} with all ${o.firers.length} units`,
                ),
              )
              .setStyle(ButtonStyle.Danger),
          ),
        ),
      ];
      // Some of the units only: a select of hex and unit (all picks in one hex: one fire per stack, 20.1).
      const picks = pending.options.flatMap((o) =>
        o.firers.map((f) => ({ label: label(`${o.hex}: ${f.unit} ${f.mod >= 0 ? '+' : ''}${f.mod}`), value: `${o.hex}|${f.unit}` })),
      );
      if (pending.options.some((o) => o.firers.length > 1))
        rows.push(
          row(
            new StringSelectMenuBuilder()
              .setCustomId(id(at, 'ffsome'))
              .setPlaceholder(label('Or fire with some of them (units in one hex)'))
              .setMinValues(1)
              .setMaxValues(Math.min(picks.length, MAX_OPTIONS))
              .addOptions(picks.slice(0, MAX_OPTIONS)),
          ),
        );
      return rows;
    }
    case 'frictionResult': {
      const buttons: ButtonBuilder[] = [];
      if (pending.canHalt)
        buttons.push(
          new ButtonBuilder().setCustomId(id(at, 'default')).setLabel(`Halt in ${pending.hex} (default)`).setStyle(ButtonStyle.Success),
        );
      if (pending.units.length)
        buttons.push(
          new ButtonBuilder()
            .setCustomId(id(at, pending.canHalt ? 'ffsteps' : 'default'))
            .setLabel(
              fitLabel(
                `Take the step(s): ${pending.allocationText}${pending.canHalt ? '' : ' (default)'}`,
                `Take the steps as listed above${pending.canHalt ? '' : ' (default)'}`,
              ),
            )
            .setStyle(pending.canHalt ? ButtonStyle.Secondary : ButtonStyle.Success),
        );
      return [row(...buttons)];
    }
    case 'parkBattalion':
      return [
        row(
          ...pending.options.slice(0, 5).map((u) =>
            new ButtonBuilder()
              .setCustomId(id(at, `park:${u}`))
              .setLabel(fitLabel(u === pending.default.unit ? `Remove ${u} (default)` : `Remove ${u}`, 'Remove this battalion'))
              .setStyle(u === pending.default.unit ? ButtonStyle.Success : ButtonStyle.Secondary),
          ),
        ),
      ];
  }
}

function acceptButton(at: DecisionAt, text: string): ButtonBuilder {
  return new ButtonBuilder()
    .setCustomId(id(at, 'default'))
    .setLabel(fitLabel(`Accept: ${text}`, 'Accept the default (in full above)'))
    .setStyle(ButtonStyle.Success);
}

function ordinal(n: number): string {
  return n === 1 ? 'a step' : n === 2 ? 'a 2nd step' : n === 3 ? 'a 3rd step' : `step ${n}`;
}

function lossControls(at: DecisionAt, p: StepLossDecision): Row[] {
  const buttons = [acceptButton(at, p.defaultText)];
  const total = p.type === 'combatLosses' ? p.losses : p.steps;
  const slots = stepSlots(p).slice(0, MAX_OPTIONS);
  if (p.type === 'combatLosses' && p.minSteps === 0 && p.maxRetreat > 0) {
    // All losses as a retreat: straight to the path (8.5.2).
    buttons.push(
      new ButtonBuilder()
        .setCustomId(id(at, encodeDraft({ kind: 'L', picks: [], path: [] }, 'show')))
        .setLabel(label(`Retreat ${total} hex(es), no steps: choose the path`))
        .setStyle(ButtonStyle.Primary),
    );
  }
  const rows = [row(...buttons)];
  if (slots.length > 0) {
    const kind: DraftKind = p.type === 'combatLosses' ? 'L' : 'R';
    const max = Math.min(total, slots.length);
    const min = p.type === 'combatLosses' ? Math.min(p.minSteps, max) : max;
    const select = new StringSelectMenuBuilder()
      .setCustomId(id(at, encodeDraft({ kind, picks: [], path: [] }, 'pick')))
      .setPlaceholder(
        label(
          p.type === 'combatLosses'
            ? `Or choose who loses steps (rest of the ${total} as retreat; ${p.rule})`
            : `Or choose who loses the ${total} step(s) (${p.rule})`,
        ),
      )
      .setMinValues(Math.max(1, min))
      .setMaxValues(max)
      .addOptions(slots.map((s) => ({ label: label(`${s.unit} loses ${ordinal(s.nth)}`), value: `${s.index}.${s.nth}` })));
    rows.push(row(select));
  }
  return rows;
}

function advanceControls(at: DecisionAt, p: AdvanceDecision): Row[] {
  const buttons = [
    new ButtonBuilder()
      .setCustomId(id(at, 'default'))
      .setLabel(fitLabel(`Advance: ${p.defaultText}`, 'Advance as the default (in full above)'))
      .setStyle(ButtonStyle.Success),
  ];
  if (!p.mandatory)
    buttons.push(new ButtonBuilder().setCustomId(id(at, 'stay')).setLabel('Do not advance').setStyle(ButtonStyle.Secondary));
  const rows = [row(...buttons)];
  const units = p.units.slice(0, MAX_OPTIONS);
  if (units.length > 0)
    rows.push(
      row(
        new StringSelectMenuBuilder()
          .setCustomId(id(at, encodeDraft({ kind: 'A', picks: [], path: [] }, 'pick')))
          .setPlaceholder(label(`Or choose who advances into ${p.vacated} (${p.rule})`))
          .setMinValues(1)
          .setMaxValues(units.length)
          .addOptions(
            units.map((u, i) => ({ label: label(`${u.unit} (up to ${u.maxHexes} hex${u.maxHexes === 1 ? '' : 'es'})`), value: String(i) })),
          ),
      ),
    );
  return rows;
}

function supportControls(at: DecisionAt, p: DefensiveSupportDecision): Row[] {
  const rows = [row(acceptButton(at, p.defaultText))];
  const units = p.options.slice(0, MAX_OPTIONS);
  if (units.length > 0)
    rows.push(
      row(
        new StringSelectMenuBuilder()
          .setCustomId(id(at, encodeDraft({ kind: 'S', picks: [], path: [] }, 'pick')))
          .setPlaceholder(label(`Or choose units to give Defensive Support (${p.rule})`))
          .setMinValues(1)
          .setMaxValues(units.length)
          .addOptions(
            units.map((o, i) => ({
              label: fitLabel(
                `${o.unit} (fires on ${o.targets.map((t) => t.hex).join('/')})`,
                `${o.unit} (fires on ${o.targets.length} hexes)`,
              ),
              value: String(i),
            })),
          ),
      ),
    );
  return rows;
}

/**
 * The draft after a select or a click: picks from a select, a hex appended, or the draft as it is
 * (`show`, `ok`). `restart` is answered with the decision's own controls, not a draft.
 */
export function nextDraft(d: Draft, op: DraftOp, values: readonly string[]): Draft | null {
  if (op === 'pick') {
    // Step slots are `<unit index>.<nth>`; units are `<index>`.
    const picks = values.map((v) => Number(v.split('.')[0]));
    if (picks.some((n) => !Number.isInteger(n) || n < 0)) return null;
    return { kind: d.kind, picks, path: [] };
  }
  if (op === 'hex') {
    const [hex] = values;
    if (!hex || !/^[A-Za-z0-9-]{1,10}$/.test(hex)) return null;
    return { ...d, path: [...d.path, hex] };
  }
  return d;
}

/** What a draft still needs: the units whose path is being built and whether the next hex is the last. */
export interface DraftNeed {
  /** Units moving along the path (retreating or advancing); empty when no path is asked for. */
  units: string[];
  /** The path is complete (or not asked for): Confirm is offered. */
  complete: boolean;
  /** The next hex ends the path (a retreat's last hex has its own priorities, 8.5.2). */
  final: boolean;
}

/** What a draft still needs, by decision. */
export function draftNeed(p: PendingDecision, d: Draft): DraftNeed {
  if (p.type === 'combatLosses' && d.kind === 'L') {
    const R = retreatLength(p, d.picks);
    const units = R > 0 ? retreatingUnits(p, stepsFromIndices(p, d.picks)) : [];
    const complete = units.length === 0 || d.path.length >= R || d.path[d.path.length - 1] === 'off-map';
    return { units, complete, final: d.path.length + 1 === R };
  }
  if (p.type === 'advance' && d.kind === 'A') {
    const units = d.picks.map((i) => p.units[i]?.unit).filter((u): u is string => !!u);
    return { units, complete: d.path.length > 0, final: false };
  }
  if (p.type === 'defensiveSupport' && d.kind === 'S') {
    return { units: [], complete: d.path.length === 1 || supportTargets(p, pickedSupporters(p, d)).length === 1, final: false };
  }
  return { units: [], complete: true, final: false };
}

function pickedSupporters(p: DefensiveSupportDecision, d: Draft): string[] {
  return d.picks.map((i) => p.options[i]?.unit).filter((u): u is string => !!u);
}

/** The words of a draft: what the player has chosen so far. */
export function draftText(p: PendingDecision, d: Draft): string {
  if ((p.type === 'combatLosses' || p.type === 'rangedLosses' || p.type === 'stepLosses') && (d.kind === 'L' || d.kind === 'R')) {
    const steps = Object.entries(stepsFromIndices(p, d.picks)).map(([u, n]) => `${u} −${n} step${n > 1 ? 's' : ''}`);
    const parts = [steps.length ? steps.join(', ') : 'no step losses'];
    if (p.type === 'combatLosses') {
      const R = retreatLength(p, d.picks);
      const movers = retreatingUnits(p, stepsFromIndices(p, d.picks));
      if (R > 0 && movers.length)
        parts.push(
          `${movers.join(', ')} retreat${movers.length === 1 ? 's' : ''} ${R} hex(es): ${d.path.length ? d.path.join(' → ') : '(path not chosen yet)'}`,
        );
    }
    return parts.join('; ');
  }
  if (p.type === 'advance' && d.kind === 'A') {
    const units = d.picks.map((i) => p.units[i]?.unit ?? '?');
    return `${units.join(', ')} advance${units.length === 1 ? 's' : ''} ${d.path.join(' → ')}`;
  }
  if (p.type === 'defensiveSupport' && d.kind === 'S') {
    const units = pickedSupporters(p, d);
    const targets = supportTargets(p, units);
    const target = d.path[0] ?? (targets.length === 1 ? targets[0] : undefined);
    return `Defensive Support by ${units.join(', ')}${target ? ` on ${target}` : ' (target hex not chosen yet)'}`;
  }
  return '';
}

/**
 * The builder message for a draft: what is chosen, the next choice (a hex select built from `open`,
 * the hexes the engine opens next), Confirm once complete, and Start over.
 */
export function draftControls(
  at: DecisionAt,
  p: PendingDecision,
  d: Draft,
  open: readonly HexId[],
): { content: string; components: Row[] } {
  const need = draftNeed(p, d);
  const rows: Row[] = [];
  const lines = [`Your answer so far: ${draftText(p, d)}.`];
  if (!need.complete) {
    let placeholder = '';
    let options: HexId[] = [...open];
    if (p.type === 'combatLosses') {
      const R = retreatLength(p, d.picks);
      placeholder = `Retreat hex ${d.path.length + 1} of ${R} (8.5.2 priorities)`;
    } else if (p.type === 'defensiveSupport') {
      options = supportTargets(p, pickedSupporters(p, d));
      placeholder = 'Which attacking hex the Support fires on (10.3.4)';
    }
    if (options.length === 0) {
      lines.push(
        p.type === 'combatLosses'
          ? 'No hex is open for the next step of this retreat: take more of the losses as steps (Start over).'
          : 'No hex is open.',
      );
    } else {
      rows.push(
        row(
          new StringSelectMenuBuilder()
            .setCustomId(id(at, encodeDraft(d, 'hex')))
            .setPlaceholder(label(placeholder))
            .addOptions(options.slice(0, MAX_OPTIONS).map((h) => ({ label: h === 'off-map' ? 'off the map (4.2)' : h, value: h }))),
        ),
      );
    }
  } else if (p.type === 'advance' && open.length > 0) {
    rows.push(
      row(
        new StringSelectMenuBuilder()
          .setCustomId(id(at, encodeDraft(d, 'hex')))
          .setPlaceholder(label(`Or go on from ${d.path[d.path.length - 1]} (8.7.1)`))
          .addOptions(open.slice(0, MAX_OPTIONS).map((h) => ({ label: h, value: h }))),
      ),
    );
  }
  const buttons: ButtonBuilder[] = [];
  if (need.complete)
    buttons.push(
      new ButtonBuilder()
        .setCustomId(id(at, encodeDraft(d, 'ok')))
        .setLabel(fitLabel(`Confirm: ${draftText(p, d)}`, 'Confirm the answer above'))
        .setStyle(ButtonStyle.Success),
    );
  buttons.push(
    new ButtonBuilder()
      .setCustomId(id(at, encodeDraft({ kind: d.kind, picks: [], path: [] }, 'restart')))
      .setLabel('Start over')
      .setStyle(ButtonStyle.Secondary),
  );
  rows.push(row(...buttons));
  return { content: lines.join('\n'), components: rows };
}
