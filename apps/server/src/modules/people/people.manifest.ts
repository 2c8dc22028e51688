import { defineArea } from '../../platform/area-manifest';
import { peopleRoutes } from './people.routes';
import { peoplePolicies } from './people.policy';
import { personAccess } from './people.access';

/** The people area as the server registers it (platform/area-manifest.ts). */
export const peopleManifest = defineArea({
  area: 'people',
  routes: [peopleRoutes],
  policies: Object.values(peoplePolicies),
  access: { personAccess },
  tables: ['people', 'relationships'],
  personData: { people: ['id', 'username', 'first_name', 'last_name', 'last_name2', 'document', 'email', 'mobile', 'student_code', 'avatar', 'birthday', 'search_key', 'document_key', 'sort_key'], relationships: ['person_id', 'relative_id'] },
});
