import { expect } from 'vitest';
import type { TestPerson } from '../../test/factories';
import type { TestApp } from '../../test/harness';

// Test data of the blocks area: blocks added the way the compose screen adds them.

/** `method path` on the person's school with their token. */
export function as(t: TestApp) {
  return async (person: TestPerson, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) =>
    t.request({ method, url: `/api/${person.org.code}/${path}`, token: await t.signIn(person), body });
}

/** Adds a block of `type` pointing at `url` to a post of `author`: the block. */
export async function addBlock(t: TestApp, author: TestPerson, postId: number, type: string, url: string | null, options?: Record<string, unknown>) {
  const res = await as(t)(author, 'POST', `posts/${postId}/blocks`, { type, url, ...(options ? { options } : {}) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; type: string; url: string | null; options: Record<string, unknown> };
}
