import type { MigrationDb } from './schema-helpers';

// Issue 6 item 1: a registration no longer creates anything in the school before approval. Older
// registrations that are still pending (or were rejected) created real children, relatives,
// relationships and pending student memberships; this moves what they named into registrations.form
// (the shape of registration.form.ts as of this migration) and deletes the people only they made:
// people whose every relationship stays inside that family and who hold no membership but the student
// one it asked for. Every relationship of such a parent goes, and the parent's document moves to the
// form (an import must never match a registrant by document). Rejected accounts also lose their
// password. Approved registrations are left as they are. Plain queries only (Kysely<any>).

interface StagedPerson {
  firstName: string;
  lastName: string;
  lastName2: string | null;
  document: string;
  gender: 'female' | 'male' | null;
  birthday: string | null;
}

interface PersonRow {
  id: number;
  first_name: string;
  last_name: string;
  last_name2: string | null;
  document: string | null;
  gender: 'female' | 'male' | null;
  birthday: string | null;
  email: string | null;
  mobile: string | null;
}

/** Frozen copy of the search key of migration 004 ("first|last|last2|document", folded). */
function searchKey(p: { first_name: string; last_name: string; last_name2: string | null; document: string | null }): string {
  const fold = (text: string) => text.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '').replaceAll('|', ' ');
  return [p.first_name, p.last_name, p.last_name2 ?? '', p.document ?? ''].map(fold).join('|');
}

const staged = (p: PersonRow): StagedPerson => ({
  firstName: p.first_name,
  lastName: p.last_name,
  lastName2: p.last_name2,
  document: p.document ?? '',
  gender: p.gender,
  birthday: p.birthday,
});

export async function up(db: MigrationDb): Promise<void> {
  const registrations: { org_id: number; id: number; person_id: number; status: string }[] = await db
    .selectFrom('registrations')
    .select(['org_id', 'id', 'person_id', 'status'])
    .where('status', 'in', ['pending', 'rejected'])
    .where('form', 'is', null)
    .orderBy('id')
    .execute();
  // The migrator already runs every migration in one transaction.
  for (const registration of registrations) await stage(db, registration);
}

async function stage(db: MigrationDb, registration: { org_id: number; id: number; person_id: number; status: string }): Promise<void> {
  const orgId = registration.org_id;
  const parentId = registration.person_id;
  const people = (ids: number[]): Promise<PersonRow[]> =>
    ids.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom('people')
          .select(['id', 'first_name', 'last_name', 'last_name2', 'document', 'gender', 'birthday', 'email', 'mobile'])
          .where('org_id', '=', orgId)
          .where('id', 'in', ids)
          .orderBy('id')
          .execute();
  const relationshipsOf = (ids: number[]): Promise<{ person_id: number; relative_id: number; kind: string }[]> =>
    ids.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom('relationships')
          .select(['person_id', 'relative_id', 'kind'])
          .where('org_id', '=', orgId)
          .where((eb) => eb.or([eb('person_id', 'in', ids), eb('relative_id', 'in', ids)]))
          .execute();
  const membershipsOf = (ids: number[]): Promise<{ person_id: number; node_id: number; role: string; enrollment_status: string | null }[]> =>
    ids.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom('memberships')
          .select(['person_id', 'node_id', 'role', 'enrollment_status'])
          .where('org_id', '=', orgId)
          .where('person_id', 'in', ids)
          .orderBy('id')
          .execute();

  // The children: people the parent is a relative of (old registrations stored child → parent).
  const parentLinks = await relationshipsOf([parentId]);
  const childIds = [...new Set(parentLinks.filter((r) => r.relative_id === parentId).map((r) => r.person_id))];
  const childLinks = await relationshipsOf(childIds);
  // The other relatives the form named: related to those children, neither the parent nor a child.
  const relativeKinds = new Map<number, string>();
  for (const link of childLinks) {
    if (childIds.includes(link.person_id) && link.relative_id !== parentId && !childIds.includes(link.relative_id)) {
      relativeKinds.set(link.relative_id, link.kind);
    }
  }
  const relativeIds = [...relativeKinds.keys()];
  const childMemberships = await membershipsOf(childIds);

  // Only people who belong to this family alone are the registration's own: no relationship outside
  // it, no membership but the student one it asked for (pending, or withdrawn by a rejection).
  // Narrowed until stable, so the real family of a child an import claimed stays.
  const candidates = [...childIds, ...relativeIds];
  const links = await relationshipsOf(candidates);
  const memberships = await membershipsOf(candidates);
  const ownMembership = (m: { role: string; enrollment_status: string | null }) =>
    m.role === 'student' && (m.enrollment_status === 'pending' || m.enrollment_status === 'withdrawn');
  let removable = candidates.filter((id) => memberships.every((m) => m.person_id !== id || ownMembership(m)));
  for (let changed = true; changed; ) {
    const inside = new Set([parentId, ...removable]);
    const next = removable.filter((id) =>
      links.every((l) => (l.person_id === id ? inside.has(l.relative_id) : l.relative_id === id ? inside.has(l.person_id) : true)),
    );
    changed = next.length !== removable.length;
    removable = next;
  }

  const [parent] = await people([parentId]);
  const form = {
    parentDocument: parent?.document ?? null,
    children: (await people(childIds)).map((c) => ({
      ...staged(c),
      course: childMemberships.find((m) => m.person_id === c.id && m.role === 'student' && m.enrollment_status !== 'active')?.node_id ?? null,
    })),
    // Relatives someone else also relates to were not made by this form: only its own are staged.
    relatives: (await people(relativeIds.filter((id) => removable.includes(id)))).map((r) => ({
      ...staged(r), email: r.email, mobile: r.mobile, kind: relativeKinds.get(r.id)!,
    })),
  };

  await db.updateTable('registrations').set({ form: JSON.stringify(form) }).where('org_id', '=', orgId).where('id', '=', registration.id).execute();
  await db
    .deleteFrom('relationships')
    .where('org_id', '=', orgId)
    .where((eb) => eb.or([eb('person_id', '=', parentId), eb('relative_id', '=', parentId)]))
    .execute();
  if (removable.length > 0) {
    await db
      .deleteFrom('relationships')
      .where('org_id', '=', orgId)
      .where((eb) => eb.or([eb('person_id', 'in', removable), eb('relative_id', 'in', removable)]))
      .execute();
    await db.deleteFrom('memberships').where('org_id', '=', orgId).where('person_id', 'in', removable).execute();
    await db.deleteFrom('people').where('org_id', '=', orgId).where('id', 'in', removable).execute();
  }
  if (parent) {
    await db
      .updateTable('people')
      .set({
        document: null,
        document_key: null,
        search_key: searchKey({ ...parent, document: null }),
        ...(registration.status === 'rejected' ? { password_hash: null } : {}),
      })
      .where('org_id', '=', orgId)
      .where('id', '=', parentId)
      .execute();
  }
}

export async function down(_db: MigrationDb): Promise<void> {
  // Deleted people cannot be brought back; the staged forms keep what they named.
}
