import { expect, it } from 'vitest';
import { describeOnDatabases } from '../../test/harness';
import { settingsPolicies } from '../settings/index';
import { calendarIcsPolicies } from './calendar.ics.policy';
import { calendarSourcesPolicies } from './calendar.sources.policy';

describeOnDatabases('calendar files, subscriptions, external feeds and the time zone in the API documentation', (t) => {
  it('documents every route with its summary, description, answers and errors', async () => {
    const res = await t.request({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    type Operation = { tags?: string[]; summary?: string; description?: string; responses?: Record<string, unknown> };
    const paths = res.json().paths as Record<string, Record<string, Operation>>;
    const operationOf = (policy: { method: string; path: string }) => paths[`/api/{org}/${policy.path.replace(/:(\w+)/g, '{$1}')}`]?.[policy.method.toLowerCase()];
    for (const policy of [...Object.values(calendarIcsPolicies), ...Object.values(calendarSourcesPolicies), settingsPolicies.updateTimeZone]) {
      const operation = operationOf(policy);
      const name = `${policy.method} ${policy.path}`;
      expect(operation, name).toBeDefined();
      expect(operation!.tags, name).toEqual([policy === settingsPolicies.updateTimeZone ? 'settings' : 'calendar']);
      expect(operation!.summary?.length, name).toBeGreaterThan(10);
      expect(operation!.description?.length, name).toBeGreaterThan(40);
      expect(Object.keys(operation!.responses ?? {}), name).toEqual(expect.arrayContaining(policy.public ? ['404'] : ['401', '403']));
    }
    expect(JSON.stringify(operationOf(calendarSourcesPolicies.addSource))).toContain('feed_unreachable');
    expect(Object.keys(operationOf(calendarSourcesPolicies.addSource)!.responses!)).toContain('422');
    expect(JSON.stringify(operationOf(settingsPolicies.updateTimeZone))).toContain('invalid_time_zone');
    expect(JSON.stringify(operationOf(calendarIcsPolicies.subscriptionFile))).toContain('max-age=900');
  });
});
