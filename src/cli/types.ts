/** Output sinks for a CLI subcommand (tests pass their own to capture output). */
export interface CliIO {
  out(line: string): void;
  err(line: string): void;
}

/** One `hexref <name>` subcommand. `run` returns the process exit code. */
export interface CliCommand {
  name: string;
  summary: string;
  usage: string;
  run(args: string[], io: CliIO): Promise<number>;
}

export const processIO: CliIO = {
  out: (line) => process.stdout.write(line + '\n'),
  err: (line) => process.stderr.write(line + '\n'),
};
