import { defineArea } from '../../platform/area-manifest';
import { formsRoutes } from './forms.routes';
import { formsPolicies } from './forms.policy';

/** The forms area as the server registers it (platform/area-manifest.ts). */
export const formsManifest = defineArea({
  area: 'forms',
  routes: [formsRoutes],
  policies: Object.values(formsPolicies),
  tables: ['form_entities', 'form_records'],
  personData: { form_entities: ['owner_id'], form_records: ['person_id', 'answered_by', 'values'] },
});
