import { z } from 'zod';
import { notFound } from '../../http/errors';
import { definePolicy, type PolicyContext, zId } from '../../policy/policy';
import { personExists } from '../people/index';
import { canReadPost } from '../posts/index';
import { actsFor, managesGroup } from './classroom.access';
import { findClassroomPost, findGroup } from './classroom.queries';

// Who may call the classroom routes (issue 35; docs/decisions/031-classroom.md). A group or post of no
// school of the caller's answers 404, and so does one the caller has no part in: a teacher of another
// group learns nothing. Unapproved registrants are refused before any of these run.

const person = z.object({ id: zId });
const personGroup = z.object({ id: zId, groupId: zId });
const personPost = z.object({ id: zId, groupId: zId, postId: zId });
const group = z.object({ id: zId });
const post = z.object({ id: zId });
const postStudent = z.object({ id: zId, studentId: zId });

/** The person of the path: themself, their parent-like relatives and administrators (others 403; the group is checked by the service). */
const forPerson = ({ caller, params }: PolicyContext<{ id: number }>) => caller !== null && actsFor(caller, params.id);

/** Only the student of the path turns work in; a person the school does not have 404. */
const isStudentOfPath = async ({ caller, db, org, params }: PolicyContext<{ id: number }>) => {
  if (caller?.id === params.id) return true;
  if (!(await personExists(db, org.id, params.id))) throw notFound('There is no such person');
  return false;
};

/** The group's teachers and administrators; 404 for anyone else and for a node the school does not have. */
const managesNode = async ({ caller, db, org, params }: PolicyContext<{ id: number }>) => {
  if (!(await findGroup(db, org.id, params.id)) || !caller || !(await managesGroup(db, caller, params.id))) throw notFound('There is no such group');
  return true;
};

/** The teachers of a classroom post's group and administrators; a reader of the post 403; anyone else 404. */
const managesPost = async ({ caller, db, org, params }: PolicyContext<{ id: number }>) => {
  const row = await findClassroomPost(db, org.id, params.id);
  if (row && caller && (await managesGroup(db, caller, row.node_id))) return true;
  if (row && caller && (await canReadPost(db, caller, params.id))) return false;
  throw notFound('There is no such classroom post');
};

export const classroomPolicies = {
  listGroups: definePolicy({ method: 'GET', path: 'people/:id/classroom', params: person, check: forPerson }),
  listPosts: definePolicy({ method: 'GET', path: 'people/:id/classroom/:groupId/posts', params: personGroup, check: forPerson }),
  readPost: definePolicy({ method: 'GET', path: 'people/:id/classroom/:groupId/posts/:postId', params: personPost, check: forPerson }),
  /** Only the student turns in (relatives and administrators 403). */
  submit: definePolicy({ method: 'PUT', path: 'people/:id/classroom/:groupId/posts/:postId/submission', params: personPost, check: isStudentOfPath }),
  publish: definePolicy({ method: 'POST', path: 'nodes/:id/classroom/posts', params: group, check: managesNode }),
  listSubmissions: definePolicy({ method: 'GET', path: 'posts/:id/submissions', params: post, check: managesPost }),
  review: definePolicy({ method: 'PUT', path: 'posts/:id/submissions/:studentId', params: postStudent, check: managesPost }),
};
