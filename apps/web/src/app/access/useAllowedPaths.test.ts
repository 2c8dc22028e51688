import { describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../api/apiClient';
import { askAllowed } from './useAllowedPaths';

function fakeApi(rights: Record<string, boolean>) {
  const post = vi.fn(async (_path: string, paths: string[]) =>
    Object.fromEntries(paths.map((p) => [p, rights[p] === true])));
  return { api: { post } as unknown as ApiClient, post };
}

describe('askAllowed', () => {
  it('asks the server only for paths it has not answered yet, and caches each answer per path', async () => {
    const { api, post } = fakeApi({ people: true, 'GET registrations': false, 'POST people/3/login-tokens': true });
    const queryClient = new QueryClient();

    expect(await askAllowed(api, queryClient, ['people', 'GET registrations'])).toEqual({ people: true, 'GET registrations': false });
    expect(await askAllowed(api, queryClient, ['people', 'POST people/3/login-tokens'])).toEqual({
      people: true,
      'POST people/3/login-tokens': true,
    });
    expect(post.mock.calls.map((call) => call[1])).toEqual([['people', 'GET registrations'], ['POST people/3/login-tokens']]);

    await askAllowed(api, queryClient, ['GET registrations', 'people']);
    expect(post).toHaveBeenCalledTimes(2);
  });

  it('asks once for the asks made in the same turn (the sections of one screen)', async () => {
    const { api, post } = fakeApi({ 'PUT settings/appearance': true, 'PUT settings/sso': false });
    const queryClient = new QueryClient();
    const [appearance, sso] = await Promise.all([
      askAllowed(api, queryClient, ['PUT settings/appearance']),
      askAllowed(api, queryClient, ['PUT settings/sso', 'PUT settings/appearance']),
    ]);
    expect(appearance).toEqual({ 'PUT settings/appearance': true });
    expect(sso).toEqual({ 'PUT settings/sso': false, 'PUT settings/appearance': true });
    expect(post.mock.calls.map((call) => call[1])).toEqual([['PUT settings/appearance', 'PUT settings/sso']]);
  });

  it('treats a path the server leaves out of its answer as not allowed', async () => {
    const post = vi.fn(async () => ({}));
    const answer = await askAllowed({ post } as unknown as ApiClient, new QueryClient(), ['nodes/9/imports']);
    expect(answer).toEqual({ 'nodes/9/imports': false });
  });
});
