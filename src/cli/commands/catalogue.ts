// Every `hexref` subcommand's help, in the order `hexref --help` lists them, and nothing else: this file
// imports nothing, so `hexref --help` and `hexref <subcommand> --help` answer without loading any
// subcommand (issue 18: the CLI loads only what the command it runs needs). What each one does is its
// own module's, loaded by ./index.ts when it runs; add a new subcommand in both places.

/** A subcommand's one-line summary (for `hexref --help`) and usage (for `--help` and its errors). */
export interface SubcommandHelp {
  summary: string;
  usage: string;
}

export const SUBCOMMANDS = {
  start: {
    summary: 'run the bot: on Discord when DISCORD_TOKEN is set, otherwise the terminal console',
    usage: 'hexref start',
  },
  console: {
    summary: 'the terminal front end (same service and command grammar as Discord)',
    usage: 'hexref console',
  },
  doctor: {
    summary: 'check config, store, Redis, canvas and the bundled font; exit 0 only when all is well',
    usage: 'hexref doctor [--store URL]',
  },
  health: {
    summary: 'is the running bot healthy? reads its heartbeat (gateway connected, store reachable); exit 0 when so',
    usage: 'hexref health [--file ./var/health.json] [--max-age 60]',
  },
  'deploy-commands': {
    summary: 'register the slash commands with Discord (guild when DISCORD_GUILD_ID is set, else global)',
    usage:
      'hexref deploy-commands [--dry-run] [--global] [--api <base url>]\n' +
      '  needs DISCORD_TOKEN and DISCORD_CLIENT_ID; --dry-run prints the definitions instead of sending them;\n' +
      '  --global ignores DISCORD_GUILD_ID; --api sends to another API base (e.g. a local fake)',
  },
  data: {
    summary: 'check the game data files (map, counters, tables, turn track, scenarios)',
    usage: 'hexref data check [--dir DIR]   (default DIR: data/redwinter)',
  },
  render: {
    summary: 'draw a scenario or a game record as a PNG map',
    usage: [
      'hexref render --scenario <id> [--record file.json] [--center M16 --radius 5] [--whole]',
      '              [--zoc] [--reachable UNIT[,UNIT]] [--hex-size PX] [--no-legend] --out map.png',
      '',
      '  --scenario   scenario id (e.g. campaign); with --record, taken from the record if omitted',
      '  --record     an exported game record (hexref-record/1): the map shows the state it replays to',
      '  --center     zoom on this hex (printed id, e.g. M16); --radius hexes around it (default 5)',
      "  --zoc        shade both sides' zones of control",
      '  --reachable  show where these units can move, with MP costs',
      '  --hex-size   hex radius in pixels (default 40 for the whole map)',
      '  --data       ruleset data directory (default data/redwinter)',
    ].join('\n'),
  },
  rule: {
    summary: 'look up a rule by section id or words (all rule sets, English or Japanese)',
    usage: 'hexref rule <query> [--system redwinter|asl|rifles|weather] [--limit N] [--ja] [--index DIR] [--fulltext DIR]',
  },
  rules: {
    summary: 'import your own rulebook text for local lookup, or list the rule sets loaded',
    usage: 'hexref rules import <file.txt> --system redwinter [--dir var/rules]  |  hexref rules list',
  },
  roll: {
    summary: "roll dice from a channel's committed, verifiable stream (2d6, 4d6kh3, dr, DR, 4+, rw:crt…)",
    usage:
      'hexref roll <notation> [--channel ID] | --open | --status | --rotate [--out FILE] | --verify FILE | --verify --seed S --commitment C --rolls FILE   [--dir var/dice | --game-store]',
  },
  check: {
    summary: 'adjudicate a rule (Red Winter tables, Rifles snow, ASL skis and winter, weather RNCs) and cite it',
    usage: 'hexref check <name> [--option value…] [--roll N] [--channel ID]   (hexref check --list for names and options)',
  },
  race: {
    summary: 'several processes act on one game at once; checks that no update is lost',
    usage: 'hexref race [--processes 2] [--actions 2000] [--store redis://…] [--mode engine|notes] [--scenario id]',
  },
  reliability: {
    summary: 'long reliability run: service fuzz, Redis SIGKILL/restart, embedded-store crashes; prints the figures',
    usage: 'hexref reliability [--actions 100000] [--kills 20] [--writes 5000] [--seed S] [--only fuzz,redis,file] [--json]',
  },
  replay: {
    summary: 'replay a game record and print a JSON summary (turn, phase, units, state hash)',
    usage: 'hexref replay <record.json> [--dice 3,5,…] [--data DIR]',
  },
  verify: {
    summary: "verify a finished game's exported record: seed, every roll, entry, action, the final state and result",
    usage:
      'hexref verify <record.json> [--data DIR]\n' +
      '  replays the record from its revealed seed and names every mismatch; exit 0 verified, 1 not, 2 not a record',
  },
} as const satisfies Record<string, SubcommandHelp>;

export type SubcommandName = keyof typeof SUBCOMMANDS;

/** The subcommand names, in --help order. */
export const subcommandNames = Object.keys(SUBCOMMANDS) as readonly SubcommandName[];

/** Is this a subcommand's name (and not, say, `constructor`)? */
export function isSubcommand(name: string): name is SubcommandName {
  return Object.hasOwn(SUBCOMMANDS, name);
}
