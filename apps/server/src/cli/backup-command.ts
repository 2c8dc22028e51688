import { BackupError } from '../platform/backup/manifest';
import { commandLine, type Output } from './command-line';
import { pathArgument } from './tool-config';

// What `npm run backup` and `npm run restore` share: one required folder option, and one way of
// turning the work's outcome into an exit code and a line for the operator.

/** The folder named by `--<option> DIR`, resolved as the operator meant it, or the exit code when the command already answered. */
export function folderArgument(
  argv: string[],
  env: Record<string, string | undefined>,
  option: 'to' | 'from',
  usage: string,
  io: Output,
): { exit: number } | { dir: string } {
  const given = commandLine(argv, { [option]: { type: 'string' } } as Record<typeof option, { type: 'string' }>, usage, io);
  if ('exit' in given) return given;
  const value = given.values[option];
  if (!value) {
    io.err(`Missing --${option} DIR\n\n${usage}`);
    return { exit: 1 };
  }
  return { dir: pathArgument(env, value) };
}

/**
 * Runs the command's work: 0 when it returns, 1 when it throws. A refusal (BackupError) speaks for
 * itself; anything else is prefixed by `failure`, which says what state the target was left in.
 */
export async function exitCodeOf(io: Output, failure: string, work: () => Promise<void>): Promise<number> {
  try {
    await work();
    return 0;
  } catch (err) {
    io.err(err instanceof BackupError ? err.message : `${failure}: ${(err as Error).message}`);
    return 1;
  }
}
