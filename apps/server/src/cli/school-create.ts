import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { createSchool, CreateSchoolError } from './create-school';
import { commandLine, type Output } from './command-line';

// `npm run school:create -- --code sur --title "Colegio del Sur" --admin-username rector --admin-password '…'`
// Uses the server's database (DATABASE_URL, or DATA_DIR/patio.sqlite), migrated first.

export const usage = `Usage: npm run school:create -- --code <code> --title <title> --admin-username <username> --admin-password <password>
       [--admin-first-name <name>] [--admin-last-name <name>] [--language es|en|de|fr|it|pt]

Creates a school and its first administrator in the database the server uses (DATABASE_URL, or
DATA_DIR/patio.sqlite), after bringing its schema up to date. The password may also come from the
PATIO_ADMIN_PASSWORD environment variable, which keeps it out of the shell history. The
administrator's names default to the username and the school's title; they can change them later.`;

/** Runs the command; answers the process exit code (0 created, 1 refused or failed). */
export async function runSchoolCreate(argv: string[], env: Record<string, string | undefined>, io: Output): Promise<number> {
  const options = {
    code: { type: 'string' },
    title: { type: 'string' },
    'admin-username': { type: 'string' },
    'admin-password': { type: 'string' },
    'admin-first-name': { type: 'string' },
    'admin-last-name': { type: 'string' },
    language: { type: 'string' },
  } as const;
  const given = commandLine(argv, options, usage, io);
  if ('exit' in given) return given.exit;
  const { values } = given;
  const password = values['admin-password'] ?? env.PATIO_ADMIN_PASSWORD;
  const missing = [
    ['--code', values.code],
    ['--title', values.title],
    ['--admin-username', values['admin-username']],
    ['--admin-password', password],
  ].filter(([, value]) => !value).map(([name]) => name);
  if (missing.length > 0) {
    io.err(`Missing ${missing.join(', ')}\n\n${usage}`);
    return 1;
  }

  const { db } = openDatabase(loadConfig(env));
  try {
    await migrateToLatest(db);
    const username = values['admin-username']!;
    const { org, adminId, rootNodeId } = await createSchool(db, {
      code: values.code!,
      title: values.title!,
      adminUsername: username,
      adminPassword: password!,
      adminFirstName: values['admin-first-name'] ?? username,
      adminLastName: values['admin-last-name'] ?? values.title!,
      language: values.language,
    });
    io.out(`Created school "${org.title}" (code ${org.code}, id ${org.id}) with its root node (id ${rootNodeId}).`);
    io.out(`Its administrator "${username.trim().toLowerCase()}" (person ${adminId}) signs in on the code screen with code ${org.code}; API base /api/${org.code}/.`);
    return 0;
  } catch (err) {
    if (err instanceof CreateSchoolError) {
      io.err(err.message);
      return 1;
    }
    io.err(`Could not create the school: ${(err as Error).message}`);
    return 1;
  } finally {
    await db.destroy();
  }
}
