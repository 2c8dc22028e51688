import { expect, it } from 'vitest';
import type { Policy } from '../../policy/policy';
import { describeOnDatabases } from '../../test/harness';
import { blocksPolicies } from '../blocks/index';
import { settingsPolicies } from '../settings/index';
import { formsPolicies } from './forms.policy';

describeOnDatabases('blocks, html, forms and the legacy host in the API documentation', (t) => {
  it('documents every route under its tag, with a summary and a description', async () => {
    const res = await t.request({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<string, Record<string, { tags?: string[]; summary?: string; description?: string }>>;
    const areas: [string, Policy[]][] = [
      ['blocks', Object.values(blocksPolicies)],
      ['forms', Object.values(formsPolicies)],
      ['settings', [settingsPolicies.updateLegacyHost]],
    ];
    for (const [tag, policies] of areas) {
      for (const policy of policies) {
        const path = `/api/{org}/${policy.path.replace(/:(\w+)/g, '{$1}')}`;
        const operation = paths[path]?.[policy.method.toLowerCase()];
        expect(operation, `${policy.method} ${path}`).toBeDefined();
        expect(operation!.tags).toEqual([tag]);
        expect(operation!.summary?.length, `${policy.method} ${path}`).toBeGreaterThan(10);
        expect(operation!.description?.length, `${policy.method} ${path}`).toBeGreaterThan(10);
      }
    }
    expect(Object.keys(paths)).toEqual(expect.arrayContaining(['/api/{org}/people/{personId}/data/entities/{formId}/records', '/api/{org}/data/entities/{id}/records.csv']));
  });
});
