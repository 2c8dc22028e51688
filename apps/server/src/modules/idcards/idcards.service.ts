import { addDays, localDateOf, midnightOf } from '@patio/core/calendar/times';
import type { IdCode } from '@patio/core';
import type { RequestContext } from '../../http/context';
import { HttpError } from '../../http/errors';
import { timeZoneOf } from '../settings/index';
import { signIdCode } from './idcards.code';
import { findCardHolder } from './idcards.queries';

// GET people/{id}/id-code (issue 36 §3). Only a student has an ID card (as the web's IdCard decides):
// the code exists to mark them at a checkpoint's roll, and rolls list students only. Staff carry no
// card in Patio, so a code of theirs could mark nobody; they get 404 `no_id_card` like anyone else
// without a card (a former student, an unapproved registrant).

/** Today's code of `personId`, valid until the end of the school day in the school's time zone. */
export async function getIdCode(ctx: RequestContext, personId: number, now = Date.now()): Promise<IdCode> {
  const holder = await findCardHolder(ctx.db, ctx.org.id, personId);
  if (!holder) throw new HttpError(404, 'no_id_card', 'This person has no school ID card: only current students have one');
  const timeZone = timeZoneOf(ctx.org.settings);
  const day = localDateOf(Math.floor(now / 1000), timeZone);
  return { code: signIdCode(ctx.services.config, ctx.org.id, personId, day), day, validUntil: midnightOf(addDays(day, 1), timeZone) };
}
