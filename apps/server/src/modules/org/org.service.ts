import type { DirectoryEntry } from '@patio/core';
import type { Database } from '../../db/database';
import { notFound } from '../../http/errors';
import { findOrgByCode } from './org.queries';

/** GET /api/directory/{code}: where the school's API lives (the /code screen). */
export async function findDirectoryEntry(db: Database, code: string, origin: string): Promise<DirectoryEntry> {
  const org = await findOrgByCode(db, code);
  if (!org) throw notFound(`There is no school with the code "${code}"`);
  // A logo stored as a root path (settings/appearance) is served by this same origin.
  const logo = org.logo?.startsWith('/') ? `${origin}${org.logo}` : org.logo;
  return { code: org.code, title: org.title, logo, url: `${origin}/api/${org.code}/` };
}
