import { hasForbiddenNameCharacters } from '@patio/core';
import { isTimeZone } from '@patio/core/calendar/times';
import { schoolColorProblem } from '@patio/core/color/contrast';
import { type Appearance, type AppearanceUpdate, SCHOOL_NAME_MAX } from '@patio/core/schemas/appearance';
import type { RequestContext } from '../../http/context';
import { badRequest } from '../../http/errors';
import { requireCaller } from '../../http/school-scope';
import type { Org } from '../../policy/policy';
import { lockOrg, updateOrgAppearance } from '../org/index';
import { absoluteLogo, logoPath, storeLogoFromUpload } from './appearance.logo';
import { LANGUAGE_KEY, isLanguage, schoolLanguageOf } from './school-language';
import { offersSignInLink, SIGN_IN_LINK_KEY } from './sign-in-link-setting';
import { availableSignInProviders } from './sign-in-providers';
import { schoolColorOf } from './school-color';
import { TIME_ZONE_KEY, timeZoneOf } from './time-zone';

/** GET settings/appearance: the school as its administrators set it. */
export function appearanceOf(org: Org, ctx: Pick<RequestContext, 'services' | 'origin'>): Appearance {
  return {
    name: org.title,
    color: schoolColorOf(org.settings),
    logo: absoluteLogo(org.logo, ctx.origin),
    language: schoolLanguageOf(org.settings),
    timeZone: timeZoneOf(org.settings),
    signInMethods: {
      password: true,
      link: offersSignInLink(org.settings),
      providers: availableSignInProviders(org.settings, ctx.services.config.oidc),
    },
  };
}

/**
 * PUT settings/appearance: checks every field first (400 with the field's own code, nothing written),
 * stores a new logo's PNG, then writes name, logo and settings in one statement under the school's
 * row lock, so parallel saves end in exactly one of them and keys written by other screens survive.
 */
export async function updateAppearance(ctx: RequestContext, change: AppearanceUpdate): Promise<Appearance> {
  const caller = requireCaller(ctx);
  const name = change.name.trim();
  if (name === '' || name.length > SCHOOL_NAME_MAX || hasForbiddenNameCharacters(name)) {
    throw badRequest('invalid_name', `The school's name has 1 to ${SCHOOL_NAME_MAX} printable characters`);
  }
  const colorProblem = schoolColorProblem(change.color);
  if (colorProblem === 'invalid_color') throw badRequest('invalid_color', 'The colour is written #RRGGBB, e.g. #1C89B8');
  if (colorProblem === 'color_unreadable') {
    throw badRequest('color_unreadable', 'White text on this colour would be hard to read (below 3:1): choose a darker colour');
  }
  if (!isLanguage(change.language)) throw badRequest('invalid_language', 'The language is one of es, en, de, fr, it, pt');
  const timeZone = change.timeZone.trim();
  if (!isTimeZone(timeZone)) throw badRequest('invalid_time_zone', 'This is not a time zone this server knows: use an IANA name such as America/Bogota');

  let newLogo: string | null | undefined;
  if (typeof change.logo === 'number') {
    const file = await storeLogoFromUpload(ctx.db, ctx.services.storage, ctx.org.id, caller.id, change.logo);
    newLogo = logoPath(ctx.org.code, file);
  } else if (change.logo === null) newLogo = null;

  const org = await ctx.db.transaction().execute(async (trx) => {
    const current = (await lockOrg(trx, ctx.services.dialect, ctx.org.id)) ?? ctx.org;
    if (typeof change.logo === 'string' && change.logo !== current.logo && change.logo !== absoluteLogo(current.logo, ctx.origin)) {
      throw badRequest('invalid_logo', 'The logo is a file id of your upload, the current logo address (to keep it) or null');
    }
    const logo = newLogo === undefined ? current.logo : newLogo;
    const settings: Record<string, unknown> = { ...current.settings, color: change.color.toUpperCase(), [LANGUAGE_KEY]: change.language, [TIME_ZONE_KEY]: timeZone };
    if (change.signInMethods) settings[SIGN_IN_LINK_KEY] = change.signInMethods.link;
    await updateOrgAppearance(trx, ctx.org.id, { title: name, logo, settings });
    return { ...current, title: name, logo, settings };
  });
  return appearanceOf(org, ctx);
}
