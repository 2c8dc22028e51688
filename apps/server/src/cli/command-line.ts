import { parseArgs, type ParseArgsConfig } from 'node:util';

// What every command-line tool of the server does with its arguments: strict options, --help/-h
// prints the usage, and a wrong option prints the mistake and the usage.

/** Where a command writes: its lines for the operator and its complaints. */
export interface Output {
  out: (line: string) => void;
  err: (line: string) => void;
}

const help = { help: { type: 'boolean', short: 'h' } } as const;

type Options = NonNullable<ParseArgsConfig['options']>;
type Parsing<O extends Options> = { args: string[]; strict: true; options: O & typeof help };
type Given<O extends Options> = ReturnType<typeof parseArgs<Parsing<O>>>['values'];

/** The options given, or the exit code when the command has already answered (help: 0; a mistake: 1). */
export function commandLine<O extends Options>(argv: string[], options: O, usage: string, io: Output): { exit: number } | { values: Given<O> } {
  let parsed;
  try {
    parsed = parseArgs<Parsing<O>>({ args: argv, strict: true, options: { ...options, ...help } });
  } catch (err) {
    io.err(`${(err as Error).message}\n\n${usage}`);
    return { exit: 1 };
  }
  if ((parsed.values as { help?: boolean }).help) {
    io.out(usage);
    return { exit: 0 };
  }
  return { values: parsed.values };
}
