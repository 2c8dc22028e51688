import { z } from 'zod';
import { notFound } from '../../http/errors';
import { always, definePolicy, isSchoolAdmin, type PolicyContext, zId } from '../../policy/policy';
import { personExists } from '../people/index';
import { canReadPost } from '../posts/index';
import { actsFor, managesGroup } from './classroom.access';
import { findClassroomPost, findGroup } from './classroom.queries';
import { relativesTurnIn } from './classroom.settings';

// Who may call the classroom routes (issue 35; docs/decisions/031-classroom.md). A group or post of no
// school of the caller's answers 404, and so does one the caller has no part in: a teacher of another
// group learns nothing. Unapproved registrants are refused before any of these run.

const person = z.object({ id: zId });
const personGroup = z.object({ id: zId, groupId: zId });
const personPost = z.object({ id: zId, groupId: zId, postId: zId });
const group = z.object({ id: zId });
const post = z.object({ id: zId });
const postStudent = z.object({ id: zId, studentId: zId });
const submissionFile = z.object({ id: zId, studentId: zId, fileId: zId });

/** The person of the path: themself, their parent-like relatives and administrators (others 403; the group is checked by the service). */
const forPerson = ({ caller, params }: PolicyContext<{ id: number }>) => caller !== null && actsFor(caller, params.id);

/** The student of the path turns work in, and their parent-like relatives where the school allows it; a person the school does not have 404. */
const turnsInFor = async ({ caller, db, org, params }: PolicyContext<{ id: number }>) => {
  if (caller?.id === params.id) return true;
  if (!(await personExists(db, org.id, params.id))) throw notFound('There is no such person');
  return caller !== null && caller.childIds.includes(params.id) && relativesTurnIn(org);
};

/** The person themself when they teach a group, and administrators; a person the school does not have 404. */
const readsTeaching = async ({ caller, db, org, params }: PolicyContext<{ id: number }>) => {
  if (!(await personExists(db, org.id, params.id))) throw notFound('There is no such person');
  return caller !== null && (caller.isAdmin || (caller.id === params.id && caller.teachingNodeIds.length > 0));
};

/** Anyone of the school on a node it has (what they see of it is the service's); another school's or an unknown node 404. */
const nodeOfSchool = async ({ db, org, params }: PolicyContext<{ id: number }>) => {
  if (!(await findGroup(db, org.id, params.id))) throw notFound('There is no such group');
  return true;
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

/**
 * A submission's readers: the student of the path, their parent-like relatives, the teachers of the
 * task's group and administrators; anyone else, and a post that is no classroom post, 404 (whether
 * the submission holds the file is the service's).
 */
const readsSubmission = async ({ caller, db, org, params }: PolicyContext<{ id: number; studentId: number }>) => {
  const row = await findClassroomPost(db, org.id, params.id);
  if (row && caller && (actsFor(caller, params.studentId) || (await managesGroup(db, caller, row.node_id)))) return true;
  throw notFound('There is no such file in this submission');
};

export const classroomPolicies = {
  listGroups: definePolicy({ method: 'GET', path: 'people/:id/classroom', params: person, check: forPerson }),
  listPosts: definePolicy({ method: 'GET', path: 'people/:id/classroom/:groupId/posts', params: personGroup, check: forPerson }),
  readPost: definePolicy({ method: 'GET', path: 'people/:id/classroom/:groupId/posts/:postId', params: personPost, check: forPerson }),
  /** The student turns in; their parent-like relatives too where the school allows it (settings/classroom); anyone else 403. */
  submit: definePolicy({ method: 'PUT', path: 'people/:id/classroom/:groupId/posts/:postId/submission', params: personPost, check: turnsInFor }),
  publish: definePolicy({ method: 'POST', path: 'nodes/:id/classroom/posts', params: group, check: managesNode }),
  listSubmissions: definePolicy({ method: 'GET', path: 'posts/:id/submissions', params: post, check: managesPost }),
  review: definePolicy({ method: 'PUT', path: 'posts/:id/submissions/:studentId', params: postStudent, check: managesPost }),
  submissionFile: definePolicy({ method: 'GET', path: 'posts/:id/submissions/:studentId/files/:fileId', params: submissionFile, check: readsSubmission }),
  teaching: definePolicy({ method: 'GET', path: 'teaching/:id', params: person, check: readsTeaching }),
  grades: definePolicy({ method: 'GET', path: 'nodes/:id/grades.csv', params: group, check: managesNode }),
  nodePosts: definePolicy({ method: 'GET', path: 'nodes/:id/posts', params: group, check: nodeOfSchool }),
  /** Read by everyone of the school, so a family's screen knows whether to offer turning in; changed by administrators. */
  readSettings: definePolicy({ method: 'GET', path: 'settings/classroom', check: always }),
  updateSettings: definePolicy({ method: 'PUT', path: 'settings/classroom', check: isSchoolAdmin }),
};
