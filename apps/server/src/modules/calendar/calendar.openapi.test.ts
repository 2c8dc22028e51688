import { expect, it } from 'vitest';
import { describeOnDatabases } from '../../test/harness';
import { calendarPolicies } from './calendar.policy';

describeOnDatabases('calendar event routes in the API documentation', (t) => {
  it('documents every route under the calendar tag, with its body, answers and errors', async () => {
    const res = await t.request({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<string, Record<string, { tags?: string[]; summary?: string; description?: string; responses?: Record<string, unknown> }>>;
    for (const policy of Object.values(calendarPolicies)) {
      const path = `/api/{org}/${policy.path.replace(/:(\w+)/g, '{$1}')}`;
      const operation = paths[path]?.[policy.method.toLowerCase()];
      expect(operation, `${policy.method} ${path}`).toBeDefined();
      expect(operation!.tags).toEqual(['calendar']);
      expect(operation!.summary?.length, `${policy.method} ${path}`).toBeGreaterThan(10);
      expect(operation!.description?.length, `${policy.method} ${path}`).toBeGreaterThan(10);
      expect(Object.keys(operation!.responses ?? {}), `${policy.method} ${path}`).toEqual(expect.arrayContaining(['401', '403']));
    }
    expect(JSON.stringify(paths['/api/{org}/calendar/events'].post)).toContain('nodeId');
    expect(JSON.stringify(paths['/api/{org}/calendar/events'].get)).toContain('window_too_large');
  });
});
