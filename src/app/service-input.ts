// What the game service accepts from a front end, checked at its boundary (DESIGN.md: validate at
// every boundary, refuse unknown fields, bound lengths). Whatever a caller sends is checked here before
// it touches a game, so a refusal changes nothing and the record never keeps junk or grows without limit.
// Engine actions get a shape check only: their fields are the engine's to check (`apply` answers input/…).
import { z } from 'zod';
import { isValidId } from '../store/types.js';
import type { RefusalCode } from './refusal-codes.js';
import { PACE_LIMITS } from './pace.js';

/** A refusal of bad input (the service's Refusal shape). */
export interface InputRefusal {
  ok: false;
  error: { code: RefusalCode; message: string };
}

const refuse = (code: RefusalCode, message: string): InputRefusal => ({ ok: false, error: { code, message } });

/** Bounds the service keeps whatever a front end sends (the record never grows without limit). */
export const LIMITS = {
  name: 64,
  reason: 200,
  note: 1000,
  requestId: 100,
  /** An engine action, serialised. The engine refuses unknown fields and bad values itself. */
  actionJson: 4096,
  /** Display names remembered per game beyond the seated players and the host. */
  names: 50,
} as const;

export const StoreId = z.string().refine(isValidId, 'ids are 1–100 letters, digits, _ . - (not led by a dot)');
export const SideSchema = z.enum(['finnish', 'soviet']);
export const ActorSchema = z.strictObject({
  // eslint-disable-next-line no-control-regex
  userId: z.string().regex(/^[^\u0000-\u001f\u007f]{1,100}$/, 'user ids are 1–100 printable characters'),
  name: z.string().optional(),
  canManageChannel: z.boolean().optional(),
});
export const CreateSchema = z.strictObject({
  channelId: StoreId,
  guildId: StoreId.nullable().optional(),
  host: ActorSchema,
  scenario: z.string().max(100),
  options: z.record(z.string().max(20), z.boolean()).optional(),
  seatHostAs: z.enum(['finnish', 'soviet', 'both']).optional(),
  endTurn: z.number().int().min(1).max(99).optional(),
  bidding: z.boolean().optional(),
  firstGame: z.boolean().optional(),
  pace: z
    .strictObject({
      remindAfterH: z.number().int().min(PACE_LIMITS.remindAfterH[0]).max(PACE_LIMITS.remindAfterH[1]).optional(),
      stallAfterD: z.number().int().min(PACE_LIMITS.stallAfterD[0]).max(PACE_LIMITS.stallAfterD[1]).optional(),
      clockDays: z.number().int().min(PACE_LIMITS.clockDays[0]).max(PACE_LIMITS.clockDays[1]).nullable().optional(),
      clockForfeit: z.boolean().optional(),
    })
    .optional(),
});
export const ListSchema = z.union([z.strictObject({ userId: StoreId, guildId: StoreId.optional() }), z.strictObject({ guildId: StoreId })]);
export const SeatSchema = z.strictObject({
  side: SideSchema,
  user: ActorSchema.optional(),
  leave: z.boolean().optional(),
  requestId: z.string().max(LIMITS.requestId).optional(),
});
export const RequestOptsSchema = z.strictObject({ requestId: z.string().min(1).max(LIMITS.requestId).optional() });
export const SideOptsSchema = RequestOptsSchema.extend({ side: SideSchema.optional(), basedOnVersion: z.number().int().min(0).optional() });
export const ActOptsSchema = z.strictObject({
  side: SideSchema.optional(),
  basedOnVersion: z.number().int().min(0).optional(),
  requestId: z.string().min(1).max(LIMITS.requestId).optional(),
});

const HexText = z.string().min(1).max(10);
const UnitIds = z.array(z.string().min(1).max(40)).min(1).max(20);
/** A path being built for a pending retreat or advance decision. */
export const PathRequestSchema = z.strictObject({ units: UnitIds, path: z.array(HexText).max(20), final: z.boolean().optional() });
/** A free set-up placement made in the lobby (1.2): a unit, and its hex or null for the engine's. */
export const PlaceSchema = z.strictObject({
  unit: z.string().min(1).max(40),
  hex: HexText.nullable(),
  requestId: z.string().min(1).max(LIMITS.requestId).optional(),
});

/** The first problem zod found, as an `input/…` refusal naming the field. */
function inputRefusal(what: string, error: z.ZodError): InputRefusal {
  const issue = error.issues[0]!;
  const where = issue.path.length ? ` (${issue.path.join('.')})` : '';
  const message = issue.code === 'unrecognized_keys' ? `unknown field(s) ${issue.keys.join(', ')}` : issue.message;
  return refuse('input/invalid', `That ${what} is not valid${where}: ${message}.`);
}

/**
 * The shape of an engine action at the service boundary: a plain object with a known-looking `type`,
 * small when serialised. Field by field validation (unknown fields, duplicate unit ids, lengths) is the
 * engine's (`apply` answers `input/…`); this keeps junk of any size out of the record either way.
 */
export function checkAction(action: unknown): InputRefusal | null {
  if (typeof action !== 'object' || action === null || Array.isArray(action))
    return refuse('input/action', 'An action is an object with a type.');
  const type = (action as { type?: unknown }).type;
  if (typeof type !== 'string' || !/^[a-zA-Z]{1,40}$/.test(type))
    return refuse('input/action', 'An action needs a type such as move or endPhase.');
  let json: string | undefined;
  try {
    json = JSON.stringify(action);
  } catch {
    json = undefined;
  }
  if (json === undefined) return refuse('input/action', 'An action must be plain data.');
  if (hasForbiddenKey(action)) return refuse('input/action', 'An action may not carry __proto__, constructor or prototype fields.');
  if (json.length > LIMITS.actionJson)
    return refuse('input/action-too-large', `That action is too large (${json.length} characters; at most ${LIMITS.actionJson}).`);
  return null;
}

/** A key that could reach an object's prototype, anywhere in a parsed value (a JSON `__proto__` is an own key). */
function hasForbiddenKey(v: unknown, depth = 0): boolean {
  if (typeof v !== 'object' || v === null || depth > 8) return false;
  for (const k of Object.keys(v)) {
    if (k === '__proto__' || k === 'constructor' || k === 'prototype') return true;
    if (hasForbiddenKey((v as Record<string, unknown>)[k], depth + 1)) return true;
  }
  return false;
}

/** null when `value` fits `schema`, else the refusal naming the first problem. */
export function checkInput(schema: z.ZodType, value: unknown, what: string): InputRefusal | null {
  const r = schema.safeParse(value);
  return r.success ? null : inputRefusal(what, r.error);
}

/** A display name as kept in the record: no control characters, at most LIMITS.name characters. */
export function cleanName(name: string): string {
  // eslint-disable-next-line no-control-regex
  const clean = name.replace(/[\u0000-\u001f\u007f]/g, ' ').trim();
  return clean.length <= LIMITS.name ? clean : clean.slice(0, LIMITS.name - 1) + '…';
}
