import { z } from 'zod';
import { definePolicy, isSchoolAdmin, zId } from '../../policy/policy';

// External calendar feeds are the school's to choose: administrators only (decision 015).

const bySource = z.object({ id: zId });

export const calendarSourcesPolicies = {
  listSources: definePolicy({ method: 'GET', path: 'calendar/sources', check: isSchoolAdmin }),
  addSource: definePolicy({ method: 'POST', path: 'calendar/sources', check: isSchoolAdmin }),
  removeSource: definePolicy({ method: 'DELETE', path: 'calendar/sources/:id', params: bySource, check: isSchoolAdmin }),
  refreshSource: definePolicy({ method: 'POST', path: 'calendar/sources/:id/refresh', params: bySource, check: isSchoolAdmin }),
};
