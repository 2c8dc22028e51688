import { z } from 'zod';
import { notFound } from '../../http/errors';
import { definePolicy, type PolicyContext, zId } from '../../policy/policy';
import { canReadPost } from '../posts/index';

/** A post the caller may read (postAccess); any other id, of this school or not, is the same 404 as GET posts/{id}. */
async function readsPost({ caller, db, params }: PolicyContext<{ id: number }>): Promise<boolean> {
  if (!(await canReadPost(db, caller!, params.id))) throw notFound('There is no such post, or it is not addressed to you');
  return true;
}

export const translationPolicies = {
  /** GET translation: any signed-in person of the school (the web asks before offering "Translate"). */
  describeService: definePolicy({ method: 'GET', path: 'translation', check: () => true }),
  /** POST posts/{id}/translations: readers of the post. */
  translatePost: definePolicy({ method: 'POST', path: 'posts/:id/translations', params: z.object({ id: zId }), check: readsPost }),
};
