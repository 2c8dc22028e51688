// The "limit" of a signed-in read: a bare Fastify process doing the same reads as Patio with
// hand-written better-sqlite3 prepared statements on the same database file, the same JWT check
// (jose, same secret) and the same JSON answer, and nothing else (no validation, hooks or headers).
// Every request reads the school, verifies the token and loads the caller, as Patio does without a
// cache. Only the cases the benchmark asks are modelled; anything else answers 501.
import Database from 'better-sqlite3';
import Fastify from 'fastify';
import { jwtVerify } from 'jose';

const db = new Database(process.env.DATABASE_FILE, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 5000');
const key = new TextEncoder().encode(process.env.PATIO_JWT_SECRET);
const ended = "('withdrawn', 'graduated', 'inactive')";
const unapproved = (column) =>
  `not exists (select 1 from registrations r where r.org_id = ? and r.person_id = ${column} and r.status <> 'approved')`;

const sql = {
  org: db.prepare('select id, code, title, logo, settings from orgs where code = ?'),
  caller: db.prepare(
    `select 'person' as source, is_admin as number, null as text, null as scope from people where org_id = ? and id = ?
     union all
     select 'membership', m.node_id, m.role, (case when n.parent_id is null then 'root:' else 'node:' end) || t.key
       from memberships m join nodes n on n.org_id = m.org_id and n.id = m.node_id join node_types t on t.org_id = n.org_id and t.id = n.type_id
      where m.org_id = ? and m.person_id = ? and (m.role <> 'student' or m.enrollment_status is null or m.enrollment_status not in ${ended})
     union all
     select 'relative', person_id, kind, null from relationships where org_id = ? and relative_id = ?`,
  ),
  registration: db.prepare('select status from registrations where org_id = ? and person_id = ?'),
  person: db.prepare('select * from people where org_id = ? and id = ?'),
  relatives: db.prepare(
    `select p.id, p.first_name, p.last_name, p.last_name2, p.avatar, r.kind from relationships r
       join people p on p.org_id = r.org_id and p.id = r.relative_id where r.org_id = ? and r.person_id = ?`,
  ),
  groups: db.prepare(
    `select m.node_id, n.name, t.key, m.role, m.enrollment_status, m.outcome, m.school_year from memberships m
       join nodes n on n.org_id = m.org_id and n.id = m.node_id join node_types t on t.org_id = n.org_id and t.id = n.type_id
      where m.org_id = ? and m.person_id = ? order by n.name, m.role`,
  ),
  count: db.prepare(`select count(*) as n from people where org_id = ? and ${unapproved('people.id')} and search_key like ? escape '!'`),
  page: db.prepare(
    `select id, first_name, last_name, last_name2, avatar from people where org_id = ? and ${unapproved('people.id')}
       and search_key like ? escape '!' order by last_name, first_name, id limit ? offset ?`,
  ),
  nodes: db.prepare('select id, parent_id, type_id, name, position from nodes where org_id = ? order by position, name, id'),
  nodeTypes: db.prepare('select id, key, singular, plural from node_types where org_id = ? order by id'),
  // People per node as an administrator's roster counts them (unapproved registrants included).
  memberCounts: db.prepare(
    `select node_id, count(distinct person_id) as n from memberships where org_id = ? and (role <> 'student' or enrollment_status is null or
       enrollment_status not in ${ended}) group by node_id`,
  ),
};

// Roles of some people, statement prepared per list length as a hand-written server would.
const rolesByLength = new Map();
function rolesOf(orgId, ids) {
  const marks = ids.map(() => '?').join(', ');
  let statement = rolesByLength.get(ids.length);
  if (!statement) {
    statement = db.prepare(
      `select person_id, role from memberships where org_id = ? and person_id in (${marks})
       union select r.relative_id, 'relative' from relationships r join memberships m on m.org_id = r.org_id and m.person_id = r.person_id
        where r.org_id = ? and r.relative_id in (${marks}) and m.role = 'student'
       union select id, 'administrator' from people where org_id = ? and is_admin = 1 and id in (${marks})`,
    );
    rolesByLength.set(ids.length, statement);
  }
  const roles = new Map(ids.map((id) => [id, new Set()]));
  for (const r of statement.all(orgId, ...ids, orgId, ...ids, orgId, ...ids)) roles.get(r.person_id)?.add(r.role);
  return new Map([...roles].map(([id, set]) => [id, [...(set.delete('administrator') ? ['administrator'] : []), ...[...set].sort()]]));
}

const byName = (a, b) => a.last_name.localeCompare(b.last_name) || a.first_name.localeCompare(b.first_name) || a.id - b.id;
const card = (row, roles) => ({ id: row.id, firstName: row.first_name, lastName: row.last_name, lastName2: row.last_name2, avatar: row.avatar, roles });
const fail = (reply, status, error) => reply.code(status).send({ error, message: error });

/** School by code, token, caller and registration status: what Patio's school scope reads. */
async function signIn(request, reply) {
  const org = sql.org.get(request.params.org);
  if (!org) return fail(reply, 404, 'not_found');
  const token = request.headers.authorization?.slice(7) ?? '';
  let payload;
  try {
    ({ payload } = await jwtVerify(token, key, { algorithms: ['HS256'], requiredClaims: ['exp'] }));
  } catch {
    return fail(reply, 401, 'invalid_token');
  }
  if (payload.org !== org.code) return fail(reply, 403, 'wrong_school');
  const rows = sql.caller.all(org.id, payload.uid, org.id, payload.uid, org.id, payload.uid);
  const person = rows.find((r) => r.source === 'person');
  if (!person) return fail(reply, 401, 'invalid_token');
  const status = sql.registration.get(org.id, payload.uid)?.status;
  if (status === 'rejected' || status === 'pending') return fail(reply, 403, 'registration_pending');
  const roles = new Set(rows.filter((r) => r.source === 'membership').map((r) => r.text));
  request.org = org;
  request.caller = { id: payload.uid, isAdmin: person.number === 1, isStaff: person.number === 1 || ['teacher', 'substitute_teacher', 'group_director', 'employee'].some((r) => roles.has(r)) };
}

const app = Fastify({ logger: false });
app.decorateRequest('org', null);
app.decorateRequest('caller', null);

app.get('/api/:org/people/:id', { preHandler: signIn }, async (request, reply) => {
  const { org, caller } = request;
  const id = Number(request.params.id);
  if (caller.id !== id) return fail(reply, 501, 'only_own_profile_modelled');
  const row = sql.person.get(org.id, id);
  const relatives = sql.relatives.all(org.id, id).sort(byName);
  const roles = rolesOf(org.id, [id, ...relatives.map((r) => r.id)]);
  const groups = sql.groups.all(org.id, id).map((g) => ({
    nodeId: g.node_id, nodeName: g.name, typeKey: g.key, role: g.role, enrollmentStatus: g.enrollment_status, outcome: g.outcome, schoolYear: g.school_year,
  }));
  const language = ['es', 'en', 'de', 'fr', 'it', 'pt'].includes(row.language ?? '') ? row.language : null;
  return {
    ...card(row, roles.get(id)), gender: row.gender, document: row.document, birthday: row.birthday, email: row.email, mobile: row.mobile,
    studentCode: row.student_code, language, isAdmin: row.is_admin === 1, groups,
    relatives: relatives.map((r) => ({ ...card(r, roles.get(r.id)), kind: r.kind })),
    clinic: { bloodType: row.blood_type, weight: row.weight, height: row.height, medicalInsurance: row.medical_insurance },
  };
});

app.get('/api/:org/people', { preHandler: signIn }, async (request, reply) => {
  const { org, caller } = request;
  const { q = '', page = '1', limit = '20' } = request.query;
  const words = q.split(/\s+/).filter(Boolean);
  if (!caller.isStaff) return fail(reply, 403, 'forbidden');
  if (caller.isAdmin || words.length !== 1) return fail(reply, 501, 'only_one_word_by_staff_modelled');
  const pattern = `%${words[0].toLowerCase().normalize('NFD').replace(/\p{M}/gu, '').replace(/[!%_]/g, '!$&')}%|%`;
  const total = sql.count.get(org.id, org.id, pattern).n;
  const rows = sql.page.all(org.id, org.id, pattern, Number(limit), (Number(page) - 1) * Number(limit));
  const roles = rolesOf(org.id, rows.map((r) => r.id));
  reply.header('x-total-count', String(total));
  return rows.map((r) => card(r, roles.get(r.id)));
});

app.get('/api/:org/nodes', { preHandler: signIn }, async (request, reply) => {
  if (!request.caller.isAdmin) return fail(reply, 501, 'only_administrators_modelled');
  const orgId = request.org.id;
  const rows = sql.nodes.all(orgId);
  const types = sql.nodeTypes.all(orgId);
  const counts = new Map(sql.memberCounts.all(orgId).map((r) => [r.node_id, r.n]));
  const keys = new Map(types.map((t) => [t.id, t.key]));
  const byParent = new Map();
  for (const n of rows) byParent.set(n.parent_id, [...(byParent.get(n.parent_id) ?? []), n]);
  const nodes = [];
  const visit = (parentId) => {
    for (const n of byParent.get(parentId) ?? []) {
      nodes.push({ id: n.id, parentId: n.parent_id, typeId: n.type_id, typeKey: keys.get(n.type_id) ?? '', name: n.name, position: n.position, memberCount: counts.get(n.id) ?? 0 });
      visit(n.id);
    }
  };
  visit(null);
  // Patio reads the types a second time for the answer (listNodeTypes).
  const answerTypes = sql.nodeTypes.all(orgId).map((t) => ({ id: t.id, key: t.key, singular: JSON.parse(t.singular), plural: JSON.parse(t.plural) }));
  return { types: answerTypes, nodes };
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
