import { hasForbiddenNameCharacters, LANGUAGES, ZOrgCode } from '@patio/core';
import { checkPassword } from '@patio/core/password/passwordPolicy';
import type { Database } from '../db/database';
import { type StandardNodeType, standardNodeTypes } from '../db/seed/node-types';
import { isUniqueViolation } from '../db/unique-violation';
import { hashPassword } from '../modules/auth/index';
import { insertMembership, insertNode, insertNodeType } from '../modules/nodes/index';
import { findOrgByCode, insertOrg } from '../modules/org/index';
import { insertPerson } from '../modules/people/index';
import { seedPostTypes } from '../modules/posts/index';
import type { Org } from '../policy/policy';

export interface NewSchool {
  code: string;
  title: string;
  adminUsername: string;
  adminPassword: string;
  adminFirstName: string;
  adminLastName: string;
  /** The administrator's language (default es). */
  language?: string;
}

/** A school that cannot be created as asked; `message` says why, for the operator. */
export class CreateSchoolError extends Error {
  constructor(
    readonly code: 'invalid_code' | 'code_taken' | 'invalid_title' | 'invalid_username' | 'invalid_name' | 'invalid_language' | 'weak_password',
    message: string,
  ) {
    super(message);
    this.name = 'CreateSchoolError';
  }
}

const USERNAME = /^[a-z0-9][a-z0-9._@-]{1,119}$/;

const passwordAdvice: Record<string, string> = {
  password_too_short: 'it needs at least 10 characters',
  password_too_long: 'it is too long',
  password_common: 'it is a common password',
  password_weak: 'it is easy to guess (add more words or characters)',
};

/**
 * Creates a school with the tree's root, the standard node types and its first administrator, in
 * one transaction: either all of it exists afterwards or nothing does.
 */
export async function createSchool(db: Database, input: NewSchool): Promise<{ org: Org; adminId: number; rootNodeId: number }> {
  const school = checkNewSchool(input);
  if (await findOrgByCode(db, school.code)) throw codeTaken(school.code);
  try {
    return await db.transaction().execute(async (trx) => {
      const org = await insertOrg(trx, { code: school.code, title: school.title, logo: null, settings: {} });
      const typeIds = new Map<StandardNodeType, number>();
      for (const key of Object.keys(standardNodeTypes) as StandardNodeType[]) {
        typeIds.set(key, await insertNodeType(trx, org.id, { key, ...standardNodeTypes[key] }));
      }
      const rootNodeId = await insertNode(trx, org.id, { parentId: null, typeId: typeIds.get('school')!, name: school.title });
      const admin = await insertPerson(trx, org.id, {
        username: school.adminUsername,
        password_hash: await hashPassword(input.adminPassword),
        first_name: school.adminFirstName,
        last_name: school.adminLastName,
        last_name2: null,
        document: null,
        gender: null,
        birthday: null,
        email: null,
        mobile: null,
        student_code: null,
        avatar: null,
        language: school.language,
        is_admin: 1,
      });
      // School-wide staff, like the demo's administrator.
      await insertMembership(trx, org.id, { nodeId: rootNodeId, personId: admin.id, role: 'employee' });
      await seedPostTypes(trx, org.id);
      return { org, adminId: admin.id, rootNodeId };
    });
  } catch (err) {
    // Another process created the same code between the check and the insert.
    if (isUniqueViolation(err) && (await findOrgByCode(db, school.code))) throw codeTaken(school.code);
    throw err;
  }
}

const codeTaken = (code: string) => new CreateSchoolError('code_taken', `A school with code "${code}" already exists; choose another code`);

function checkNewSchool(input: NewSchool) {
  const code = ZOrgCode.safeParse(input.code);
  if (!code.success) throw new CreateSchoolError('invalid_code', `"${input.code}" is not a school code: 2 to 40 lowercase letters, digits or dashes`);
  const title = input.title.trim();
  if (title === '' || title.length > 200 || hasForbiddenNameCharacters(title)) {
    throw new CreateSchoolError('invalid_title', 'The school needs a title of at most 200 printable characters');
  }
  const adminUsername = input.adminUsername.trim().toLowerCase();
  if (!USERNAME.test(adminUsername)) {
    throw new CreateSchoolError('invalid_username', `"${input.adminUsername}" is not a username: 2 to 120 letters, digits, dots, dashes, underscores or @`);
  }
  const adminFirstName = input.adminFirstName.trim();
  const adminLastName = input.adminLastName.trim();
  for (const name of [adminFirstName, adminLastName]) {
    if (name === '' || name.length > 120 || hasForbiddenNameCharacters(name)) {
      throw new CreateSchoolError('invalid_name', "The administrator's first and last names must each have 1 to 120 printable characters");
    }
  }
  const language = input.language ?? 'es';
  if (!(LANGUAGES as readonly string[]).includes(language)) {
    throw new CreateSchoolError('invalid_language', `The language must be one of ${LANGUAGES.join(', ')}`);
  }
  const { problem } = checkPassword(input.adminPassword, [adminUsername, adminFirstName, adminLastName, code.data, title]);
  if (problem) throw new CreateSchoolError('weak_password', `The administrator's password is refused: ${passwordAdvice[problem] ?? problem}`);
  return { code: code.data, title, adminUsername, adminFirstName, adminLastName, language };
}
