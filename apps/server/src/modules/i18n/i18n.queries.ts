import type { Database } from '../../db/database';
import { scopedToOrg } from '../../db/scope';

export async function findTermOverrides(db: Database, orgId: number, lang: string): Promise<Record<string, string>> {
  const rows = await db
    .selectFrom('i18n_overrides')
    .select(['key', 'text'])
    .where(scopedToOrg(orgId))
    .where('lang', '=', lang)
    .orderBy('key')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.key, r.text]));
}

export async function upsertTermOverrides(
  db: Database,
  orgId: number,
  lang: string,
  terms: Record<string, string>,
): Promise<void> {
  const values = Object.entries(terms).map(([key, text]) => ({ org_id: orgId, lang, key, text }));
  if (values.length === 0) return;
  await db
    .insertInto('i18n_overrides')
    .values(values)
    .onConflict((oc) => oc.columns(['org_id', 'lang', 'key']).doUpdateSet((eb) => ({ text: eb.ref('excluded.text') })))
    .execute();
}
