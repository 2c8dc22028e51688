import type { Database } from '../../db/database';
import { memoised } from '../../policy/caller-memo';
import type { Caller } from '../../policy/policy';
import { formUrl, itemStanding, type ItemStanding } from '../blocks/index';
import { type FormRow, findForm } from './forms.queries';

// Who may see and change a form (docs/decisions/013-forms-and-their-readers.md): its owner and the
// school's administrators change it and see its answers; whoever may read a post that carries it may
// read it and answer it; nobody else learns it exists.

/** The form (read once per request) and the caller's standing towards it; null form when the school has none with that id. */
export async function formStanding(db: Database, caller: Caller, formId: number): Promise<{ form: FormRow | null; standing: ItemStanding }> {
  const form = await memoised(caller, `form:${formId}`, () => findForm(db, caller.orgId, formId));
  if (!form) return { form: null, standing: null };
  return { form, standing: await itemStanding(db, caller, { ownerId: form.owner_id, url: formUrl(form.id) }) };
}
