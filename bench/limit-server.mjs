// The "limit" of a signed-in read: a bare Fastify process doing the same reads as Patio with
// hand-written better-sqlite3 prepared statements on the same database file, the same JWT check
// (jose, same secret) and the same JSON answer, and nothing else (no validation, hooks or headers).
// Every request reads the school, verifies the token and loads the caller, as Patio does without a
// cache. Only the cases the benchmark asks are modelled; anything else answers 501.
import Database from 'better-sqlite3';
import Fastify from 'fastify';
import { jwtVerify } from 'jose';
import sanitizeHtml from 'sanitize-html';

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
  // A person's folder (GET people/{me}/threads/{folder}, no filter): their own stubs grouped by thread.
  folderCount: db.prepare('select count(distinct thread_id) as n from stubs where org_id = ? and person_id = ? and folder = ?'),
  folderPage: db.prepare(
    `select thread_id, max(delivered_at) as last_delivered, sum(case when read_date is null then 1 else 0 end) as unread from stubs
      where org_id = ? and person_id = ? and folder = ? group by thread_id order by last_delivered desc, thread_id desc limit ? offset ?`,
  ),
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

/** A statement with `marks` standing for an `in` list, prepared once per list length (as rolesOf). */
function preparedIn(cache, length, build) {
  let statement = cache.get(length);
  if (!statement) cache.set(length, (statement = db.prepare(build(Array.from({ length }, () => '?').join(', ')))));
  return statement;
}
const inboxStatements = { heads: new Map(), adminCounts: new Map(), memberCounts: new Map(), latest: new Map() };

/** The first post of each thread: type, title, author, audience, highlight. */
const threadHeads = (orgId, ids) =>
  preparedIn(inboxStatements.heads, ids.length, (marks) =>
    `select t.id as thread_id, f.id, f.type, f.title, f.author_id, f.audience_count, f.highlight from threads t
       join posts f on f.org_id = t.org_id and f.id = t.first_post_id where t.org_id = ? and t.id in (${marks})`,
  ).all(orgId, ...ids);

/** Per thread, the published posts the caller may read (administrators: all; others: their own and those they hold a stub of) and the latest. */
const readableCounts = (orgId, caller, ids) =>
  caller.isAdmin
    ? preparedIn(inboxStatements.adminCounts, ids.length, (marks) =>
        `select thread_id, count(*) as n, max(id) as latest from posts where org_id = ? and thread_id in (${marks}) and status = 'published' group by thread_id`,
      ).all(orgId, ...ids)
    : preparedIn(inboxStatements.memberCounts, ids.length, (marks) =>
        `select thread_id, count(*) as n, max(id) as latest from posts where org_id = ? and thread_id in (${marks}) and status = 'published'
           and (author_id = ? or exists (select 1 from stubs s where s.org_id = ? and s.post_id = posts.id and s.person_id = ?)) group by thread_id`,
      ).all(orgId, ...ids, caller.id, orgId, caller.id);

/** The latest posts with their authors and the first 4,000 characters of the description (enough for the excerpt). */
const latestPosts = (orgId, ids) =>
  preparedIn(inboxStatements.latest, ids.length, (marks) =>
    `select p.id, p.publish_date, substr(p.description, 1, 4000) as head, p.author_id, a.first_name, a.last_name, a.last_name2, a.avatar
       from posts p join people a on a.org_id = p.org_id and a.id = p.author_id where p.org_id = ? and p.id in (${marks})`,
  ).all(orgId, ...ids);

/** Plain text of a description, at most 200 characters: Patio's excerptOf (posts.html.ts), the same library and steps. */
function excerptOf(html, max = 200) {
  const spaced = html.replace(/<\/(p|li|h2|h3|blockquote|pre)>|<br\s*\/?>/gi, ' ');
  const text = sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {}, nonTextTags: ['script', 'style'] })
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
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

// The inbox, archive or trash page without filters. Avatars are passed as stored: pictures kept by
// Patio itself would be signed there (none in the benchmark's school; the answer check would say).
app.get('/api/:org/people/:id/threads/:folder', { preHandler: signIn }, async (request, reply) => {
  const { org, caller } = request;
  const { folder } = request.params;
  if (caller.id !== Number(request.params.id)) return fail(reply, 501, 'only_own_folders_modelled');
  if (!['feed', 'archive', 'trash'].includes(folder)) return fail(reply, 400, 'invalid_request');
  const { page = '1', limit = '20', ...filters } = request.query;
  if (Object.keys(filters).length > 0) return fail(reply, 501, 'only_unfiltered_pages_modelled');
  const total = sql.folderCount.get(org.id, caller.id, folder).n;
  const rows = sql.folderPage.all(org.id, caller.id, folder, Number(limit), (Number(page) - 1) * Number(limit));
  reply.header('x-total-count', String(total));
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.thread_id);
  const heads = new Map(threadHeads(org.id, ids).map((h) => [h.thread_id, h]));
  const counts = new Map(readableCounts(org.id, caller, ids).map((c) => [c.thread_id, c]));
  const latestIds = [...counts.values()].map((c) => c.latest);
  const latest = new Map(latestPosts(org.id, latestIds).map((p) => [p.id, p]));
  const items = [];
  for (const row of rows) {
    const head = heads.get(row.thread_id);
    const count = counts.get(row.thread_id);
    const post = count && latest.get(count.latest);
    if (!head || !post) continue;
    items.push({
      id: row.thread_id,
      folder,
      type: head.type,
      title: head.title,
      latest: {
        id: post.id,
        author: { id: post.author_id, firstName: post.first_name, lastName: post.last_name, lastName2: post.last_name2, avatar: post.avatar },
        publishDate: post.publish_date ?? row.last_delivered,
        excerpt: excerptOf(post.head),
      },
      audienceCount: head.audience_count,
      authorId: head.author_id,
      posts: count.n,
      unread: row.unread > 0,
      unreadCount: row.unread,
      highlight: head.highlight === 1,
    });
  }
  return items;
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
