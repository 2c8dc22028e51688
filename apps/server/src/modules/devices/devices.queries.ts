import type { DeviceRegistration } from '@patio/core';
import type { Database } from '../../db/database';
import { nowIso } from '../../db/database';
import { scopedToOrg } from '../../db/scope';

/** Upsert by uuid: a device signed in again (even by someone else) keeps one row with the new owner. */
export async function upsertDevice(db: Database, orgId: number, personId: number, device: DeviceRegistration) {
  const now = nowIso();
  return await db
    .insertInto('devices')
    .values({
      org_id: orgId,
      person_id: personId,
      uuid: device.uuid,
      token: device.token,
      platform: device.platform,
      model: device.model,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc.columns(['org_id', 'uuid']).doUpdateSet({
        person_id: personId,
        token: device.token,
        platform: device.platform,
        model: device.model,
        updated_at: now,
      }),
    )
    .returning(['uuid', 'token', 'platform', 'model', 'created_at', 'updated_at'])
    .executeTakeFirstOrThrow();
}

export async function deleteDevice(db: Database, orgId: number, personId: number, uuid: string): Promise<boolean> {
  const result = await db
    .deleteFrom('devices')
    .where(scopedToOrg(orgId))
    .where('person_id', '=', personId)
    .where('uuid', '=', uuid)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function findDevices(db: Database, orgId: number, personId: number) {
  return await db
    .selectFrom('devices')
    .select(['uuid', 'token', 'platform', 'model'])
    .where(scopedToOrg(orgId))
    .where('person_id', '=', personId)
    .orderBy('id')
    .execute();
}
