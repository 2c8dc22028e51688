import type { Language } from '@patio/core';
import type { Database } from '../../db/database';
import type { MailBrand } from '../../platform/mail/mail-branding';
import { findOrgById } from '../org/index';
import { absoluteLogo } from './appearance.logo';
import { schoolColorOf } from './school-color';
import { schoolLanguageOf } from './school-language';

// What every mail of a school takes from its appearance settings, read once per job as they are when
// the mail leaves (not when it was queued): the branded header, and the language for people whose own
// is unknown.

export interface SchoolMailLook {
  brand: MailBrand;
  /** The school's default language: mails to a person whose own language is unknown are written in it. */
  language: Language;
}

/**
 * The school's mail header (name, colour, logo as an absolute address under `origin`, the origin of
 * every mailed link) and default language; `title` stands in for a school that no longer exists.
 */
export async function schoolMailLookOf(db: Database, orgId: number, origin: string, title = ''): Promise<SchoolMailLook> {
  const org = await findOrgById(db, orgId);
  const settings = org?.settings ?? {};
  return {
    brand: { title: org?.title ?? title, color: schoolColorOf(settings), logo: absoluteLogo(org?.logo ?? null, origin) },
    language: schoolLanguageOf(settings),
  };
}
