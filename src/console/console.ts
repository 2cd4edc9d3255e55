// Console mode: the terminal front end used when no DISCORD_TOKEN is configured. It drives the same
// game service as the Discord bot with the same command grammar (`game new tutorial both`,
// `play move 1/1/609 M17`, `map zoom M16 3`; options may also be written `name:value` as in
// Discord), and writes map snapshots as PNG files to MAP_DIR (./var/maps by default).
// There is one channel (`console`); `as <name>` switches the acting player for hot-seat play.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import type { Logger } from '../log.js';
import type { ActSeen, Actor, GameRef, GameService, Result, StatusView, ViewRequest } from '../app/game-service.js';
import { sideName } from '../app/game-service.js';
import { reachZoom, zoomOutsidePlayArea } from '../app/play-area.js';
import { endsPhase, sidePhaseWords } from '../app/phase-summary.js';
import { canonicalUnitIds, canonicaliseAction, closeUnitIds, unitIdsOf } from '../app/unit-ids.js';
import { normaliseHexInput } from '../app/hex-input.js';
import { consolePlayUsage } from '../app/verbs.js';
import {
  PLAY_VERBS,
  eachListed,
  findMover,
  overlayHexes,
  parseConsoleArgs,
  playVerb,
  reachNotes,
  reachOverlay,
  splitUnits,
  type Built,
} from '../app/play-verbs.js';
import { answerHelp, describeDecision as describeChoice, parseAnswer } from '../app/decision-answers.js';
import { parseRuleOptions } from '../app/rule-options.js';
import type { Action, LegalActions, PendingDecision, Phase, Side } from '../engine/types.js';

/** What a line read before acting: the acting side and its legal actions. */
type Seen = { legal: LegalActions; side: Side };

/** Notes on a reachable hex (reachNotes), in brackets after its cost; nothing without notes. */
function noted(notes: string[]): string {
  return notes.length ? ` (${notes.join(', ')})` : '';
}

/** A play verb's refusal in the console's words. */
function builtRefusal(built: Extract<Built, { ok: false }>): string {
  return `${built.message.replace(/\.$/, '')} (rule ${built.rule}).${built.detail ? ` ${built.detail}` : ''}`;
}

export interface ConsolePlay {
  service: GameService;
  /** Draw an engine map view to PNG bytes (render/renderMap with the ruleset's map). */
  draw(view: unknown, options?: { center?: string; radius?: number; whole?: boolean }): Promise<Buffer>;
  /** The map legend as its own picture (zooms leave it out). */
  legend(): Promise<Buffer>;
  /** Release the store when the console quits. */
  close?(): Promise<void>;
  /** Rule lookup in every rule set we ship, as `hexref rule` prints it (as Discord's /rule). */
  lookup?(query: string): Promise<string[]>;
  /** A numbered roll from the console's committed dice stream (as Discord's /roll). */
  roll?(notation: string): Promise<string[]>;
  /** The scenarios `game new` takes (ids and names), for the help. */
  scenarios?: readonly { id: string; name: string }[];
}

export interface ConsoleOptions {
  config: { STORE_URL: string; MAP_DIR?: string };
  log: Logger;
  input: NodeJS.ReadableStream;
  output: NodeJS.WritableStream;
  /** The game service and renderer; without them only help/about/quit work (the reason is shown). */
  play?: ConsolePlay;
  /** Why `play` is missing, shown at start. */
  unavailable?: string;
}

export const CONSOLE_CHANNEL = 'console';

/** The console's help; `scenarios`: the ids `game new` takes (with their names). */
export function consoleHelp(scenarios: readonly { id: string; name: string }[] = []): string {
  return [
    'Console mode (no DISCORD_TOKEN configured). Same commands as on Discord, without the slash:',
    ...(scenarios.length ? [`  scenarios: ${scenarios.map((x) => `${x.id} (${x.name})`).join(', ')}`] : []),
    '  game new <scenario> [finnish|soviet|both] [last_turn:<n>] [rules:17.0.4:off] [first_game:yes] [bidding:yes] [remind_after:<h>] [stall_after:<d>] [clock:<d>] [clock_forfeit:yes]',
    '  game join <side>   game seat <player> <side>   game list   game bid <VPs> (new … bidding:yes)',
    '  game place [<unit> [<hex>]]   game standing [support none|ask] [losses default-if-no-step|ask] [advance default|stay|ask] [empty stop|ask] [friction pass|ask] [frictionresult halt|ask]',
    '  game leave <side> [player]   game start   game status   game undo   game resign [side] confirm',
    '  game abort [reason] confirm   game export [file] [game:<id>]   game verify [game:<id>]   (after the end: the last game)',
    // Built from the verb catalog (src/app/verbs.ts), as the Discord /play subcommands are checked against it
    // (`play end` among them).
    ...consolePlayUsage().map((l) => `  ${l}`),
    '  confirm / cancel (or no)   (after the odds of an attack)',
    '  decide [answer]   (a pending decision: the default without an answer; `decide ?` shows the answers)',
    '  map whole   map zoom <hex> [radius]   map reach <unit>   map legend   rule <section or words>   roll <dice> (2d6, dr, rw:crt…)',
    '  units   (what you can move now, with destinations)   as <name>   (act as another player)',
    '  help   about   quit',
    'Hex ids in any case, with or without spaces (m 16). Options may be written name:value.',
  ].join('\n');
}

/** The `game` subcommands, in the order the usage line lists them (the switch in ConsoleSession.game). */
export const GAME_SUBCOMMANDS = [
  'new',
  'join',
  'seat',
  'leave',
  'bid',
  'place',
  'standing',
  'start',
  'status',
  'list',
  'undo',
  'resign',
  'abort',
  'export',
  'verify',
] as const;

/**
 * What an unknown line most likely meant: a `game` subcommand or a `play` verb typed without its group
 * word (`status` for `game status`, `move …` for `play move …`). Only suggested: the player runs it.
 */
export function meantCommand(line: string): string | null {
  const text = line.trim().replace(/^\//, '');
  const first = text.split(/\s+/)[0]!.toLowerCase();
  if ((GAME_SUBCOMMANDS as readonly string[]).includes(first)) return `game ${text}`;
  if (playVerb(first)) return `play ${text}`;
  return null;
}

/** `name:value` words: the game commands' own, and every `play` verb's parameters (src/app/play-verbs.ts). */
const NAMED = new Set([
  'game',
  'scenario',
  'side',
  'player',
  'turn',
  'center',
  'radius',
  'reason',
  'hex',
  'file',
  // The pace options of `game new` (as on /game new).
  'remind_after',
  'stall_after',
  'clock',
  'clock_forfeit',
  'last_turn',
  'bidding',
  'first_game',
  'rules',
  'vp',
  ...PLAY_VERBS.flatMap((v) => v.params.map((p) => p.name)),
]);

/** Split a line into words, honouring "double quotes", and pull out name:value options. */
export function parseLine(line: string): { words: string[]; named: Record<string, string> } {
  const words: string[] = [];
  const named: Record<string, string> = {};
  const re = /"([^"]*)"|(\S+)/g;
  let m: RegExpExecArray | null;
  const text = line.trim().replace(/^\//, '');
  while ((m = re.exec(text))) {
    const quoted = m[1] !== undefined;
    const w = m[1] ?? m[2]!;
    const kv = quoted ? null : /^([a-z_]+):(.+)$/i.exec(w);
    if (kv && NAMED.has(kv[1]!.toLowerCase())) named[kv[1]!.toLowerCase()] = kv[2]!;
    else words.push(w);
  }
  return { words, named };
}

/** The refusal for text that is not a hex id (as on Discord). */
export function notAHex(text: string): string {
  return `Refused: '${text}' is not a hex id (rule 2.3). Give a hex such as M16 (any case, spaces allowed).`;
}

/** Printed hex id from typed text (`m 16` → `M16`), or null. */
export function hexArg(text: string | undefined): string | null {
  return text ? normaliseHexInput(text) : null;
}

/** What a pending decision asks, and how to answer it here (`decide` takes the engine's default). */
export function describeDecision(p: PendingDecision): string {
  return `${describeChoice(p)}; \`decide\` takes the default, \`decide ?\` shows how to choose`;
}

function slug(s: string): string {
  return (
    s
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 40) || 'map'
  );
}

export class ConsoleSession {
  private actor: Actor = { userId: 'you', name: 'you', canManageChannel: true };
  private readonly ref = { channelId: CONSOLE_CHANNEL };
  /** The game last seen in this session: a finished game leaves the channel, so export/verify fall back to it. */
  private lastGameId: string | null = null;
  private readonly mapDir: string;
  /** A Combat or Assault whose odds were shown, waiting for `confirm` on the next line. */
  private proposal: Action | null = null;

  constructor(
    private readonly play: ConsolePlay,
    private readonly say: (text: string) => void,
    mapDir = './var/maps',
  ) {
    this.mapDir = path.resolve(mapDir);
  }

  /** Run one command line; returns false when the line was not a game command. */
  async run(line: string): Promise<boolean> {
    const { words, named } = parseLine(line);
    const [cmd, sub, ...rest] = words.map((w, i) => (i < 2 ? w.toLowerCase() : w));
    // An attack shown with its odds waits for the very next line: `confirm`, or anything else cancels it
    // (`cancel` and `no` say so).
    if (cmd !== 'confirm' && cmd !== 'cancel' && cmd !== 'no') this.proposal = null;
    const arg = (i: number, name: string): string | undefined => named[name] ?? rest[i];
    switch (cmd) {
      case 'as': {
        if (!sub) return (this.out([`You act as ${this.actor.name} (${this.actor.userId}).`]), true);
        const name = words[1]!;
        this.actor = { userId: name.toLowerCase(), name, canManageChannel: true };
        this.out([`You now act as ${name}.`]);
        return true;
      }
      case 'game':
        return this.game(sub, arg);
      case 'play':
        return this.playVerb(sub, rest, named, line);
      case 'end':
        await this.endPhase();
        return true;
      case 'rule':
      case 'roll': {
        // rule <section or words>; roll <notation> (2d6, dr, rw:crt …): as /rule and /roll on Discord.
        const text = line
          .trim()
          .replace(/^\//, '')
          .replace(/^\S+\s*/, '');
        const run = cmd === 'rule' ? this.play.lookup : this.play.roll;
        if (!run) return (this.out([`${cmd} is not available in this console.`]), true);
        if (!text)
          return (
            this.out([
              cmd === 'rule' ? 'Usage: rule <section or words>, e.g. rule 8.5' : 'Usage: roll <dice>, e.g. roll 2d6 or roll rw:crt',
            ]),
            true
          );
        try {
          this.out(await run.call(this.play, text));
        } catch (err) {
          if ((err as { name?: string }).name !== 'DiceInputError') throw err;
          this.out([`Refused: ${(err as Error).message}`]);
        }
        return true;
      }
      case 'confirm': {
        // The attack whose odds were just shown (play combat / play assault without `confirm`).
        const proposal = this.proposal;
        this.proposal = null;
        if (!proposal) return (this.out(['Nothing to confirm: `play combat` and `play assault` show the odds first.']), true);
        await this.act(proposal);
        return true;
      }
      case 'cancel':
      case 'no':
        this.out([this.proposal ? 'Cancelled: nothing changed.' : 'Nothing to cancel.']);
        this.proposal = null;
        return true;
      case 'decide':
        return this.decide(
          line
            .trim()
            .replace(/^\//, '')
            .replace(/^\S+\s*/, ''),
        );
      case 'units': {
        const legal = await this.legal();
        if (!legal) return true;
        const lines = [...legal.units, ...legal.stacks]
          .filter((m) => m.reachable.length)
          .map(
            (m) =>
              `${m.units.join('+')} (${m.from ?? 'entering'}, ${m.allowance} MP): ${[...m.reachable]
                .sort((a, b) => a.cost - b.cost)
                .slice(0, 12)
                .map((r) => `${r.hex} ${r.cost}${noted(reachNotes(r))}`)
                .join(', ')}${m.reachable.length > 12 ? ' …' : ''}`,
          );
        this.out(lines.length ? lines : [`Nothing can move now (${legal.what}).`]);
        return true;
      }
      case 'map':
        return this.map(sub, arg);
      default:
        return false;
    }
  }

  private async game(sub: string | undefined, arg: (i: number, name: string) => string | undefined): Promise<boolean> {
    const svc = this.play.service;
    const side = (i: number) => arg(i, 'side')?.toLowerCase() as Side | undefined;
    switch (sub) {
      case 'new': {
        const scenario = arg(0, 'scenario');
        if (!scenario) return (this.out(['Usage: game new <scenario> [finnish|soviet|both]']), true);
        const seat = arg(1, 'side')?.toLowerCase() as Side | 'both' | undefined;
        // The pace options as on /game new (name:value): remind_after (h), stall_after (d), clock (d), clock_forfeit.
        const pace: Record<string, number | boolean> = {};
        for (const [name, key] of [
          ['remind_after', 'remindAfterH'],
          ['stall_after', 'stallAfterD'],
          ['clock', 'clockDays'],
        ] as const) {
          const v = arg(99, name);
          if (v !== undefined) pace[key] = /^\d+$/.test(v) ? Number(v) : Number.NaN;
        }
        const rules = parseRuleOptions(arg(99, 'rules') ?? '');
        if ('error' in rules) return (this.out([`Refused: ${rules.error}`]), true);
        const forfeit = arg(99, 'clock_forfeit');
        if (forfeit !== undefined) pace.clockForfeit = /^(yes|true|on)$/i.test(forfeit);
        this.show(
          await svc.createGame({
            channelId: CONSOLE_CHANNEL,
            host: this.actor,
            scenario,
            ...(seat ? { seatHostAs: seat } : {}),
            ...(Object.keys(pace).length ? { pace } : {}),
            ...(Object.keys(rules).length ? { options: rules as Record<string, boolean> } : {}),
            ...(arg(99, 'bidding') !== undefined ? { bidding: /^(yes|true|on)$/i.test(arg(99, 'bidding')!) } : {}),
            ...(arg(99, 'first_game') !== undefined ? { firstGame: /^(yes|true|on)$/i.test(arg(99, 'first_game')!) } : {}),
            ...(arg(99, 'last_turn') !== undefined
              ? { endTurn: /^\d+$/.test(arg(99, 'last_turn')!) ? Number(arg(99, 'last_turn')) : Number.NaN }
              : {}),
          }),
        );
        return true;
      }
      case 'bid': {
        const vp = arg(0, 'vp');
        if (!vp || !/^\d+$/.test(vp)) return (this.out(['Usage: game bid <VPs>   (the Victory Point bid, 17.0.2)']), true);
        this.show(await svc.bid(this.ref, this.actor, Number(vp)));
        return true;
      }
      case 'list': {
        // The console has no reminders to send (it speaks only when spoken to); the list is the same.
        const r = await svc.listGames({ userId: this.actor.userId });
        if (!r.ok) return (this.show(r), true);
        const lines = r.games.map(
          (g) =>
            `${g.yourTurn ? '*' : '-'} ${g.gameId} ${g.scenario}${g.turn !== null ? `, turn ${g.turn}` : ''}: ${g.status === 'lobby' ? 'lobby' : g.yourTurn ? 'your turn' : g.mustAct?.side ? `waiting for the ${g.mustAct.side} side` : g.status}`,
        );
        // The console's own game, whoever acts now: after a restart the acting player is `you` again, who
        // may hold no seat in it (hot-seat games are played `as` their players).
        const here = await this.status();
        if (here && (here.status === 'active' || here.status === 'lobby') && !r.games.some((g) => g.gameId === here.gameId)) {
          const seated = [...new Set([...here.seats.finnish, ...here.seats.soviet])];
          lines.push(
            `- ${here.gameId} ${here.scenario}${here.turn !== null ? `, turn ${here.turn}` : ''}: ${here.status === 'lobby' ? 'lobby' : here.mustAct?.side ? `waiting for the ${here.mustAct.side} side` : here.status} (this console's game; you act as ${this.actor.name}${seated.length ? `, seated: ${seated.join(', ')}; \`as <name>\` acts as one of them` : ''})`,
          );
        }
        this.out(lines.length ? lines : ['No active games.']);
        return true;
      }
      case 'join':
        if (!side(0)) return (this.out(['Usage: game join <finnish|soviet>']), true);
        this.show(await svc.seat(this.ref, this.actor, { side: side(0)! }));
        return true;
      case 'place': {
        // game place <unit> [<hex>]: free set-up before the start (1.2); no hex gives the unit back to the engine.
        const unit = arg(0, 'unit');
        if (!unit) {
          const r = await svc.freeSetup(this.ref);
          if (!r.ok) return (this.show(r), true);
          this.out(
            r.lines.length ? [...r.lines, 'Usage: game place <unit> [<hex>]'] : ['Nothing to place: every unit has a fixed set-up hex.'],
          );
          return true;
        }
        const hexText = arg(1, 'hex');
        const hex = hexText ? hexArg(hexText) : null;
        if (hexText && !hex) return (this.out([notAHex(hexText)]), true);
        this.show(await svc.place(this.ref, this.actor, { unit, hex }));
        return true;
      }
      case 'standing': {
        // game standing [support none|ask] [losses default-if-no-step|ask] [advance default|stay|ask] [empty stop|ask]
        //               [friction pass|ask] [frictionresult halt|ask]
        const words = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((i) => arg(i, '')).filter((w): w is string => !!w);
        const input: Record<string, string> = {};
        const key = (w: string) => (w.toLowerCase() === 'frictionresult' ? 'frictionResult' : w.toLowerCase());
        for (let i = 0; i + 1 < words.length; i += 2) input[key(words[i]!)] = words[i + 1]!.toLowerCase();
        if (words.length % 2 === 1)
          return (
            this.out([
              'Usage: game standing [support none|ask] [losses default-if-no-step|ask] [advance default|stay|ask] [empty stop|ask] [friction pass|ask] [frictionresult halt|ask]',
            ]),
            true
          );
        this.show(await svc.setStanding(this.ref, this.actor, input));
        return true;
      }
      case 'seat': {
        const player = arg(0, 'player');
        if (!player || !side(1)) return (this.out(['Usage: game seat <player> <finnish|soviet>']), true);
        this.show(await svc.seat(this.ref, this.actor, { side: side(1)!, user: { userId: player.toLowerCase(), name: player } }));
        return true;
      }
      case 'leave': {
        const player = arg(1, 'player');
        if (!side(0)) return (this.out(['Usage: game leave <side> [player]']), true);
        this.show(
          await svc.seat(this.ref, this.actor, {
            side: side(0)!,
            leave: true,
            ...(player ? { user: { userId: player.toLowerCase(), name: player } } : {}),
          }),
        );
        return true;
      }
      case 'start': {
        const r = await svc.start(this.ref, this.actor);
        this.show(r);
        if (r.ok) await this.snapshots(r.views, true);
        if (r.ok) this.announce(null, r.after ?? null);
        return true;
      }
      case 'status': {
        const id = arg(0, 'game');
        const r = await svc.status(id ? { gameId: id } : this.ref);
        this.show(r);
        return true;
      }
      case 'undo': {
        const r = await svc.undo(this.ref, this.actor);
        this.show(r);
        if (r.ok) this.announce(r.before ?? null, r.after ?? null);
        return true;
      }
      // Resign and abort end the game for good: they act only with a final `confirm` (as Discord asks
      // with a button); without it the console says what would happen and the line to type.
      case 'resign': {
        const first = side(0);
        const confirmed = (first as string | undefined) === 'confirm' || arg(1, 'confirm')?.toLowerCase() === 'confirm';
        const who = (first as string | undefined) === 'confirm' ? undefined : first;
        if (!confirmed)
          return (
            this.out([
              `Resign${who ? ` for the ${who} side` : ''}? The game ends at once and the other side wins; this cannot be undone.`,
              `Type \`game resign ${who ? `${who} ` : ''}confirm\` to resign.`,
            ]),
            true
          );
        this.show(await svc.resign(this.ref, this.actor, who ? { side: who } : {}));
        return true;
      }
      case 'abort': {
        const first = arg(0, 'reason');
        const confirmed = first?.toLowerCase() === 'confirm' || arg(1, 'confirm')?.toLowerCase() === 'confirm';
        const reason = first && first.toLowerCase() !== 'confirm' ? first : undefined;
        if (!confirmed)
          return (
            this.out([
              'Abort this game? It ends without a result and cannot be undone; the dice seed is revealed.',
              `Type \`game abort ${reason ? `"${reason}" ` : ''}confirm\` to abort.`,
            ]),
            true
          );
        this.show(await svc.abort(this.ref, this.actor, reason ?? 'no reason given'));
        return true;
      }
      case 'export': {
        const r = await this.byIdAfterEnd((ref) => svc.exportRecord(ref), arg(99, 'game'));
        if (!r.ok) return (this.show(r), true);
        const file = path.resolve(arg(0, 'file') ?? path.join(this.mapDir, '..', `${r.gameId}-record.json`));
        mkdirSync(path.dirname(file), { recursive: true });
        writeFileSync(file, JSON.stringify(r.record, null, 2) + '\n');
        this.out([...r.lines, `Written to ${file}`]);
        return true;
      }
      case 'verify':
        this.show(await this.byIdAfterEnd((ref) => svc.verify(ref), arg(0, 'game')));
        return true;
      default:
        this.out([`Usage: game ${GAME_SUBCOMMANDS.join('|')}`]);
        return true;
    }
  }

  private async map(sub: string | undefined, arg: (i: number, name: string) => string | undefined): Promise<boolean> {
    const svc = this.play.service;
    if (sub === 'legend') {
      // Zooms leave the legend out: it is its own picture.
      mkdirSync(this.mapDir, { recursive: true });
      const file = path.join(this.mapDir, 'legend.png');
      writeFileSync(file, await this.play.legend());
      this.out([`Map legend written to ${file}`]);
      return true;
    }
    if (sub === 'zoom') {
      const center = hexArg(arg(0, 'center'));
      if (!center && arg(0, 'center')) return (this.out([notAHex(arg(0, 'center')!)]), true);
      if (!center) return (this.out(['Usage: map zoom <hex> [radius]']), true);
      const radius = Math.max(1, Math.min(10, Number(arg(1, 'radius') ?? 4) || 4));
      const r = await svc.mapView(this.ref, { focus: { center, radius }, highlight: [center] });
      if (!r.ok) return (this.show(r), true);
      const outside = zoomOutsidePlayArea(r.view, center, radius);
      if (outside) return (this.out([`Refused: ${outside} Zoom around a hex inside it, or use \`map whole\`.`]), true);
      await this.write(r.view, { center, radius }, `${r.gameId}-v${r.version}-zoom-${center}`);
      return true;
    }
    if (sub === 'reach') {
      const unit = arg(0, 'unit');
      if (!unit) return (this.out(['Usage: map reach <unit>']), true);
      const legal = await this.legal();
      if (!legal) return true;
      const units = canonicalUnitIds(legal, splitUnits(unit));
      const cannot = () => (this.out([`${unit} cannot move now (rule 4.0). Try \`units\` for the list.`]), true);
      const mover = findMover(legal, units);
      // A group the listing does not name (part of a stack, 6.1; reinforcements entering together, 13.1):
      // the engine's reach of exactly those units, when each of them may move now.
      const look = !mover && eachListed(legal, units) ? await svc.mapView(this.ref, { reachableFor: units }) : null;
      const reach = look?.ok ? reachOverlay(look.view) : null;
      const hexes = mover
        ? [...mover.reachable].sort((a, b) => a.cost - b.cost || a.hex.localeCompare(b.hex))
        : reach
          ? overlayHexes(reach).map((x) => ({ ...x, zocStop: false, minimumMove: false }))
          : [];
      if (!hexes.length) return cannot();
      const { center, radius } = reachZoom(
        mover ?? { from: reach!.from, reachable: hexes }, // every hex it can reach, a reinforcement's too
      );
      const r = await svc.mapView(this.ref, { reachableFor: units, focus: { center, radius } });
      if (!r.ok) return (this.show(r), true);
      this.out([`${units.join('+')}: ${hexes.map((x) => `${x.hex} ${x.cost} MP${noted(reachNotes(x))}`).join(', ')}`]);
      await this.write(r.view, { center, radius }, `${r.gameId}-v${r.version}-reach`);
      return true;
    }
    const r = await svc.mapView(this.ref, {});
    if (!r.ok) return (this.show(r), true);
    await this.write(r.view, { whole: true }, `${r.gameId}-v${r.version}-whole`);
    return true;
  }

  /** `play <verb> …`: read by the verb table (src/app/play-verbs.ts), the same verbs and parameters as `/play`. */
  private async playVerb(sub: string | undefined, rest: string[], named: Record<string, string>, line: string): Promise<boolean> {
    const v = sub ? playVerb(sub) : undefined;
    if (!v) return (this.out([`Usage: play ${PLAY_VERBS.map((x) => x.name).join('|')} …`]), true);
    if (v.name === 'end') return (await this.endPhase(), true);
    if (v.name === 'decide')
      return this.decide(
        line
          .trim()
          .replace(/^\//, '')
          .replace(/^\S+\s+\S+\s*/, ''),
      );
    const args = parseConsoleArgs(v, rest, named);
    if ('usage' in args) return (this.out([args.usage.startsWith('play ') ? `Usage: ${args.usage}` : `Refused: ${args.usage}`]), true);
    if ('notAHex' in args) return (this.out([notAHex(args.notAHex)]), true);
    // Defaults come from the side's legal actions (a reinforcement's entry, every unit that may attack).
    if (v.preview && args.flag('confirm') !== true) {
      // The odds first (read only): the attack waits for `confirm`.
      const seen = await this.seen();
      if (!seen) return true;
      const built = v.build!(args, seen.legal);
      if (!built.ok) return (this.out([builtRefusal(built)]), true);
      if (built.action.type === 'combat' || built.action.type === 'assault') return (await this.attack(built.action, seen), true);
    }
    // One read and one write, as on Discord: the action is built inside the act from that read.
    await this.act((seen) => {
      const built = v.build!(args, seen.legal);
      return built.ok ? canonicaliseAction(seen.legal, built.action) : { refused: builtRefusal(built) };
    });
    return true;
  }

  /** `decide [answer]`: the grammar of src/app/decision-answers.ts, as on Discord (`/play decide`). */
  private async decide(text: string): Promise<boolean> {
    const st = await this.status();
    const pending = st?.status === 'active' ? st.mustAct?.pending : null;
    if (!pending) return (this.out(['Nothing is waiting for a decision.']), true);
    if (text === '?' || /^help$/i.test(text)) {
      this.out([
        `${sideName(pending.side)}: ${describeChoice(pending)}.`,
        'Answer with `decide <answer>`:',
        ...answerHelp(pending).map((h) => `  ${h}`),
      ]);
      return true;
    }
    await this.act((seen) => {
      const now = seen.status.mustAct?.pending;
      if (!now) return { refused: 'Nothing is waiting for a decision.' };
      const parsed = parseAnswer(now, text);
      return parsed.ok
        ? parsed.action
        : {
            refused: `Refused: ${parsed.problem.message.replace(/\.$/, '')} (rule ${parsed.problem.rule}). \`decide ?\` shows the answers.`,
          };
    });
    return true;
  }

  private async status(): Promise<StatusView | null> {
    const r = await this.play.service.status(this.ref);
    return r.ok ? r.status : null;
  }

  /** The side (by the one policy, src/app/acting-side.ts) and its legal actions, or null after saying why not. */
  private async seen(): Promise<Seen | null> {
    const r = await this.play.service.legal(this.ref, this.actor);
    if (!r.ok) return (this.show(r), null);
    return { legal: r.legal, side: r.side };
  }

  /** The same read, saying nothing on a refusal (the act that follows says why). */
  private async lookQuietly(): Promise<Seen | null> {
    const r = await this.play.service.legal(this.ref, this.actor);
    return r.ok ? { legal: r.legal, side: r.side } : null;
  }

  /** The side's legal actions, or null after saying why not. */
  private async legal(): Promise<LegalActions | null> {
    return (await this.seen())?.legal ?? null;
  }

  private async endPhase(): Promise<void> {
    await this.act((seen) =>
      seen.status.phase ? { type: 'endPhase', phase: seen.status.phase as Phase } : { refused: 'There is no phase to end (rule 3.0).' },
    );
  }

  /**
   * Act with one read and one write: `make` turns what the side sees (its legal actions, the status) into
   * the action, inside the service's act, or says why not (printed, nothing changes). A plain action is
   * spelled with the engine's unit ids from the same read.
   */
  private async act(make: Action | ((seen: ActSeen) => Action | { refused: string })): Promise<void> {
    let refused: string | null = null;
    let seenThen: ActSeen | null = null;
    let action: Action | null = null;
    const r = await this.play.service.act(this.ref, this.actor, (seen) => {
      seenThen = seen;
      const made = typeof make === 'function' ? make(seen) : canonicaliseAction(seen.legal, make);
      if ('refused' in made) {
        refused = made.refused;
        return { ok: false, error: { code: 'input/action', message: made.refused } };
      }
      action = made;
      return { ok: true, action: made };
    });
    if (refused) return void this.out([refused]);
    this.show(r);
    if (!r.ok) {
      if (r.error.code === 'input/unknown-unit' && action && seenThen) {
        const legal = (seenThen as ActSeen).legal; // computed only now, for the suggestions
        const typed = unitIdsOf(action);
        const close = [...new Set(typed.flatMap((u) => closeUnitIds(legal, u)))].filter((u) => !typed.includes(u));
        if (close.length) this.out([`Did you mean ${close.join(' or ')}? \`units\` lists what can move now.`]);
      }
      return;
    }
    if (endsPhase(r.events) && r.summary?.length) this.out(r.summary);
    // By id: a game that has just ended has already left the channel, and its final map is still wanted.
    if (endsPhase(r.events) && r.views[0]) await this.snapshots(r.views.slice(0, 1), true, { gameId: r.gameId });
    this.announce(r.before ?? null, r.after ?? null);
  }

  /**
   * A Combat or Assault: with `now`, declared at once; otherwise its odds first (8.2–8.4, after the same
   * checks apply makes), and it waits for `confirm` on the next line.
   */
  private async attack(action: Extract<Action, { type: 'combat' | 'assault' }>, known?: Seen): Promise<void> {
    const seen = known ?? (await this.lookQuietly());
    const canon = canonicaliseAction(seen?.legal ?? null, action);
    const r = await this.play.service.preview(this.ref, this.actor, canon, seen?.side);
    if (!r.ok) return void this.show(r);
    this.out([...r.lines.map((l) => `  ${l}`), 'Type `confirm` to attack; anything else cancels. (Odds before Support and AT Fire.)']);
    this.proposal = action;
  }

  /** When the side to act changes, or a new decision is asked for, say who must act on what, once. */
  private announce(before: StatusView | null, after: StatusView | null): void {
    const a = after?.mustAct;
    if (!after || !a?.side || after.status !== 'active') return;
    const b = before?.status === 'active' ? before.mustAct : null;
    if (b && b.side === a.side && !(a.pending && a.what !== b.what)) return;
    const names = after.seats[a.side].join(', ') || 'nobody seated';
    const pending = a.pending;
    const what = pending ? describeDecision(pending) : `the ${sidePhaseWords(null, after.phase)}`;
    this.out([`>>> ${sideName(a.side)} side to act (${names}): ${what}.`]);
  }

  private async snapshots(views: ViewRequest[], whole: boolean, ref: GameRef = this.ref): Promise<void> {
    for (const v of views) {
      const r = await this.play.service.mapView(ref, whole ? { ...v.options, focus: null } : v.options);
      if (!r.ok) return void this.show(r);
      await this.write(r.view, { whole: true }, `${r.gameId}-v${r.version}-${slug(v.caption)}`);
    }
  }

  private async write(view: unknown, options: { center?: string; radius?: number; whole?: boolean }, name: string): Promise<void> {
    const png = await this.play.draw(view, options);
    mkdirSync(this.mapDir, { recursive: true });
    const file = path.join(this.mapDir, `${name}.png`);
    writeFileSync(file, png);
    this.out([`Map written to ${file}`]);
  }

  /**
   * Run a lookup on `game:<id>` when given, else on this channel's game; once a game has ended it has
   * left the channel, so fall back to the last game this session saw (export and verify after the end).
   */
  private async byIdAfterEnd<T extends Result<object>>(run: (ref: GameRef) => Promise<T>, id: string | undefined): Promise<T> {
    if (id) return run({ gameId: id });
    const r = await run(this.ref);
    if (!r.ok && r.error.code === 'game/none-in-channel' && this.lastGameId) return run({ gameId: this.lastGameId });
    return r;
  }

  private show(r: Result<object>): void {
    if (r.ok) this.lastGameId = r.gameId;
    if (r.ok) this.out(r.lines);
    else this.out([`Refused: ${r.error.message}${r.error.rule ? ` (rule ${r.error.rule})` : ''}`]);
  }

  private out(lines: string[]): void {
    if (lines.length) this.say(lines.join('\n'));
  }
}

export async function runConsole({ config, log, input, output, play, unavailable }: ConsoleOptions): Promise<number> {
  const rl = readline.createInterface({ input, output, prompt: 'hexref> ', terminal: false });
  const say = (text: string) => output.write(text + '\n');
  const session = play ? new ConsoleSession(play, say, config.MAP_DIR) : null;
  say(`hexref console. Store: ${config.STORE_URL}. Type 'help' for commands, 'quit' to leave.`);
  if (!session) say(`Game commands are unavailable: ${unavailable ?? 'the game service was not started'}.`);
  rl.prompt();
  // Lines are handled one at a time, in order, even when a command is slow (map drawing).
  let queue: Promise<void> = Promise.resolve();
  return new Promise<number>((resolve) => {
    rl.on('line', (raw) => {
      queue = queue.then(async () => {
        const line = raw.trim();
        if (line === 'quit' || line === 'exit') {
          rl.close();
          return;
        }
        try {
          if (line === 'help' || line === '?') say(consoleHelp(play?.scenarios));
          else if (line === 'about') say('hexref: a Discord referee for hex-and-counter wargames. First ruleset: Red Winter.');
          else if (line && !(session && (await session.run(line)))) {
            const meant = session ? meantCommand(line) : null;
            say(`Unknown command '${line}'.${meant ? ` Did you mean '${meant}'?` : ''} Type 'help'.`);
          }
        } catch (err) {
          log.error({ err }, 'console command failed');
          say(`Something went wrong: ${(err as Error).message}`);
        }
        rl.prompt();
      });
    });
    rl.on('close', () => {
      void queue.then(async () => {
        await play?.close?.().catch((err: unknown) => log.error({ err }, 'closing the store failed'));
        say('bye');
        resolve(0);
      });
    });
  });
}
