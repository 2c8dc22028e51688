import { ZChild, ZContact, ZPeopleQuery, ZPersonCard, ZPersonPatch, ZPersonProfile, ZRelative } from '@patio/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf, paramsOf, routeOf } from '../../http/school-scope';
import { errors } from '../../http/schemas';
import { avatarRoutes } from './avatar.routes';
import { listContacts } from './contacts.service';
import { membersRoutes } from './members.routes';
import { peoplePolicies } from './people.policy';
import { getPerson, listChildren, listRelatives, searchPeople, updatePerson } from './people.service';

export async function peopleRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOf(peoplePolicies.searchPeople),
    schema: {
      tags: ['people'],
      summary: 'Search the directory',
      description:
        'Staff only (administrators, employees, teachers; a driver alone is not staff); families get 403 and use their ' +
        'Contacts. `q` matches every word against first name, last names and (for administrators and school-wide ' +
        'employees) document; `role`, `node` (with `descendants=true` its subtree) and `status` (enrollment) filter. ' +
        '`node` and `status` reveal enrollment: besides school-wide staff, a caller may use them only on nodes they ' +
        'teach or work in (`status` together with such a `node`); anything else is 403 `forbidden_filter`, not an ' +
        'empty page. People whose registration is not approved are listed to administrators only. Body: public ' +
        'cards in "last name, first name" order; the total is in the `X-Total-Count` header.',
      params: paramsOf(peoplePolicies.searchPeople),
      querystring: ZPeopleQuery,
      response: { 200: z.array(ZPersonCard), ...errors(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      const { items, total } = await searchPeople(contextOf(request), request.query);
      reply.header('x-total-count', String(total));
      return items;
    },
  });

  r.route({
    ...routeOf(peoplePolicies.readPerson),
    schema: {
      tags: ['people'],
      summary: 'A person',
      description:
        'The public card (id, names, avatar, roles) for staff, the family, contacts (classmates, their children’s ' +
        'teachers…), a driver for the riders of their route, and for everyone when the person is staff; other callers ' +
        'get 403. A driver also gets the mobile of the riders’ parents. Staff who may see it also get school data ' +
        '(document, contact, groups, relatives); the person, their relatives and administrators the full profile; the ' +
        'person, their parents, administrators and the teachers of their current classes the clinic data (decision ' +
        '004). A person whose registration is not approved is 403 for everyone but administrators.',
      params: paramsOf(peoplePolicies.readPerson),
      response: { 200: ZPersonProfile, ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => getPerson(contextOf(request), request.params.id),
  });

  r.route({
    ...routeOf(peoplePolicies.updatePerson),
    schema: {
      tags: ['people'],
      summary: 'Edit a profile',
      description:
        'The person changes their own email, mobile and language; a school administrator may change every ' +
        'field, clinic data included. Unknown fields are refused. Answers the updated profile.',
      params: paramsOf(peoplePolicies.updatePerson),
      body: ZPersonPatch,
      response: { 200: ZPersonProfile, ...errors(400, 401, 403, 404, 409) },
    },
    handler: async (request) => updatePerson(contextOf(request), request.params.id, request.body),
  });

  r.route({
    ...routeOf(peoplePolicies.listChildren),
    schema: {
      tags: ['people'],
      summary: 'Children of a person',
      description:
        'The people this person is father, mother, guardian… of: public cards with `groups`, the classes (or grades) ' +
        'where each child is an active or pending student.',
      params: paramsOf(peoplePolicies.listChildren),
      response: { 200: z.array(ZChild), ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => listChildren(contextOf(request), request.params.id),
  });

  r.route({
    ...routeOf(peoplePolicies.listRelatives),
    schema: {
      tags: ['people'],
      summary: 'Relatives of a person',
      description: 'Every relative with `kind`: what they are to the person (spec §3 Relationship kinds).',
      params: paramsOf(peoplePolicies.listRelatives),
      response: { 200: z.array(ZRelative), ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => listRelatives(contextOf(request), request.params.id),
  });

  r.route({
    ...routeOf(peoplePolicies.listContacts),
    schema: {
      tags: ['people'],
      summary: 'Who a person may message',
      description:
        "Relatives: their children's teachers and group directors, and their children's other relatives (co-parents: " +
        "reason `family`); students: their teachers and classmates; " +
        "teachers: their students and those students' parents, and colleagues; everyone: their family and the " +
        'staff flagged as contacts. `reasons` says why each one is listed.',
      params: paramsOf(peoplePolicies.listContacts),
      response: { 200: z.array(ZContact), ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => listContacts(contextOf(request), request.params.id),
  });

  await app.register(avatarRoutes);
  await app.register(membersRoutes);
}
