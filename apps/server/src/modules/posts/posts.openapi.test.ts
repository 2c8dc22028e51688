import { expect, it } from 'vitest';
import { describeOnDatabases } from '../../test/harness';
import { postsPolicies } from './posts.policy';

describeOnDatabases('posts in the API documentation', (t) => {
  it('documents every posts route under the posts tag, with a summary and a description', async () => {
    const res = await t.request({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<string, Record<string, { tags?: string[]; summary?: string; description?: string }>>;
    for (const policy of Object.values(postsPolicies)) {
      const path = `/api/{org}/${policy.path.replace(/:(\w+)/g, '{$1}')}`;
      const operation = paths[path]?.[policy.method.toLowerCase()];
      expect(operation, `${policy.method} ${path}`).toBeDefined();
      expect(operation!.tags).toEqual(['posts']);
      expect(operation!.summary?.length, `${policy.method} ${path}`).toBeGreaterThan(10);
      expect(operation!.description?.length, `${policy.method} ${path}`).toBeGreaterThan(10);
    }
  });
});
