import type { FormInput } from '@patio/core';
import { expect } from 'vitest';
import type { TestPerson } from '../../test/factories';
import type { TestApp } from '../../test/harness';
import { addBlock, as } from '../blocks/blocks.fixtures';
import { publishPost } from '../threads/threads.fixtures';

export { addBlock, as };

// Test data of the forms area: forms made and carried the way the form block makes and carries them.

/** A poll of three fields: a select, a checkbox and a text. */
export const pollInput: FormInput = {
  title: 'Salida al museo',
  description: '¿Autoriza a su hijo?',
  fields: [
    { name: 'authorize', type: 'select', title: 'Autorización', description: '', options: 'Sí\nNo\n', order: 1 },
    { name: 'snack', type: 'checkbox', title: 'Envía refrigerio', description: '', options: '', order: 2 },
    { name: 'notes', type: 'text', title: 'Observaciones', description: '', options: '', order: 3 },
  ],
};

/** POST data/entities as `owner`: the new form's id. */
export async function makeForm(t: TestApp, owner: TestPerson, input: Partial<FormInput> = pollInput): Promise<number> {
  const res = await as(t)(owner, 'POST', 'data/entities', input);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

/** A new form of `author`, carried by a post of theirs published to `recipients`. */
export async function publishForm(t: TestApp, author: TestPerson, recipients: TestPerson[], input: Partial<FormInput> = pollInput): Promise<{ formId: number; postId: number }> {
  const formId = await makeForm(t, author, input);
  const post = await publishPost(t, author, recipients, { type: 'poll', title: input.title ?? 'Encuesta' });
  await addBlock(t, author, post.id, 'form', `data/entities/${formId}`);
  return { formId, postId: post.id };
}
