import type { SubcommandName } from './commands/catalogue.js';

/** Output sinks for a CLI subcommand (tests pass their own to capture output). */
export interface CliIO {
  out(line: string): void;
  err(line: string): void;
}

/**
 * One `hexref <name>` subcommand. `run` returns the process exit code. Its summary and usage are in
 * ./commands/catalogue.ts, so help never loads the module.
 */
export interface CliCommand {
  name: SubcommandName;
  run(args: string[], io: CliIO): Promise<number>;
}

export const processIO: CliIO = {
  out: (line) => process.stdout.write(line + '\n'),
  err: (line) => process.stderr.write(line + '\n'),
};
