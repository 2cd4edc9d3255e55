// The customId codec for buttons and selects. Every component carries what it needs to be handled
// after a restart, with no in-memory collector: the kind of action, the game id, the state version
// the message was built from, and a short payload. A click whose version is older than the game's
// is stale and is refused (DESIGN.md § Discord; the boardgame.io state-id lesson).
//
// Format: `hx1|<kind>|<gameId>|<version base 36>|<payload>`; at most 100 characters (Discord's limit).

export const CUSTOM_ID_MAX = 100;
const PREFIX = 'hx1';
const SEP = '|';

export interface ComponentRef {
  /** Which handler this component belongs to, e.g. `loss` or `confirm` (letters, digits, `-`). */
  kind: string;
  /** The game the message was about. */
  gameId: string;
  /** The game's state version when the message was built. */
  version: number;
  /** Handler-specific data (no `|`). */
  payload: string;
}

export class CustomIdError extends Error {
  override name = 'CustomIdError';
}

/** Encode a component reference. Throws CustomIdError if a part is malformed or the result is too long. */
export function encodeCustomId(ref: ComponentRef): string {
  if (!/^[a-z0-9-]{1,16}$/i.test(ref.kind)) throw new CustomIdError(`bad component kind ${JSON.stringify(ref.kind)}`);
  if (!ref.gameId || ref.gameId.includes(SEP)) throw new CustomIdError(`bad game id ${JSON.stringify(ref.gameId)}`);
  if (!Number.isSafeInteger(ref.version) || ref.version < 0) throw new CustomIdError(`bad version ${ref.version}`);
  if (ref.payload.includes(SEP)) throw new CustomIdError(`payload may not contain '${SEP}'`);
  const id = [PREFIX, ref.kind, ref.gameId, ref.version.toString(36), ref.payload].join(SEP);
  if (id.length > CUSTOM_ID_MAX) throw new CustomIdError(`customId is ${id.length} characters; Discord allows ${CUSTOM_ID_MAX}`);
  return id;
}

/** Decode a customId; null when it is not one of ours or is garbled. */
export function decodeCustomId(customId: string): ComponentRef | null {
  if (customId.length > CUSTOM_ID_MAX) return null;
  const parts = customId.split(SEP);
  if (parts.length < 5 || parts[0] !== PREFIX) return null;
  const [, kind, gameId, v36] = parts as [string, string, string, string];
  const payload = parts.slice(4).join(SEP);
  if (!/^[a-z0-9-]{1,16}$/i.test(kind) || !gameId || !/^[0-9a-z]+$/.test(v36)) return null;
  const version = parseInt(v36, 36);
  if (!Number.isSafeInteger(version)) return null;
  return { kind, gameId, version, payload };
}

/** True when a component built at `ref.version` no longer matches the game's current version. */
export function isStale(ref: ComponentRef, currentVersion: number): boolean {
  return ref.version !== currentVersion;
}
