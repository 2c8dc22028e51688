import { beforeAll, expect, it } from 'vitest';
import { basic } from '../../test/factories';
import { describeOnDatabases } from '../../test/harness';
import { seedDemoSchools } from './index';

describeOnDatabases(
  'the two demo schools',
  (t) => {
    const schools: Record<string, { id: number; color: unknown }> = {};
    beforeAll(async () => {
      for (const row of await t.db.selectFrom('orgs').select(['id', 'code', 'settings']).execute()) {
        schools[row.code] = { id: row.id, color: JSON.parse(row.settings).color };
      }
    });
    const signIn = async (code: string, username: string) => {
      const res = await t.request({
        method: 'POST',
        url: `/api/${code}/oauth/token`,
        headers: { authorization: basic(username, 'demo1234') },
        body: { grant_type: 'client_credentials' },
      });
      expect(res.statusCode, `${username}@${code}: ${res.body}`).toBe(200);
      const token: string = res.json().access_token;
      return { token, uid: JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).uid as number };
    };

    it('seeds Colegio del Norte beside the demo, with a colour of its own, once', async () => {
      expect(Object.keys(schools).sort()).toEqual(['demo', 'norte']);
      expect(schools.norte.color).toMatch(/^#[0-9A-F]{6}$/i);
      expect(schools.norte.color).not.toBe(schools.demo.color);
      expect(await seedDemoSchools(t.db)).toEqual({ ran: [] });
      const tree = await t.request({ method: 'GET', url: '/api/norte/nodes', token: (await signIn('norte', 'admin')).token });
      expect(tree.json().nodes.map((n: { name: string }) => n.name).sort()).toEqual(['4A', '4B', 'Colegio del Norte', 'Primaria']);
    });

    it('signs admin, teacher and parent in to each school with demo1234 as that school’s own person', async () => {
      for (const username of ['admin', 'teacher', 'parent']) {
        const uids: number[] = [];
        for (const code of ['demo', 'norte']) {
          const { token, uid } = await signIn(code, username);
          const own = await t.db.selectFrom('people').select('username').where('org_id', '=', schools[code].id).where('id', '=', uid).executeTakeFirst();
          expect(own, `${username}@${code}`).toEqual({ username });
          const me = await t.request({ method: 'GET', url: `/api/${code}/people/${uid}`, token });
          expect(me.statusCode, me.body).toBe(200);
          uids.push(uid);
        }
        expect(uids[0]).not.toBe(uids[1]);
      }
    });

    it('gives the norte teacher and parent their roles in their own school', async () => {
      const teacher = await signIn('norte', 'teacher');
      const parent = await signIn('norte', 'parent');
      const children = await t.request({ method: 'GET', url: `/api/norte/people/${parent.uid}/children`, token: parent.token });
      expect(children.statusCode, children.body).toBe(200);
      const [child] = children.json();
      expect(child).toMatchObject({ firstName: 'Luciana' });
      const classmates = await t.request({ method: 'GET', url: `/api/norte/people?node=${await classId('4A')}`, token: teacher.token });
      expect(classmates.statusCode, classmates.body).toBe(200);
      expect(classmates.json().map((p: { id: number }) => p.id)).toContain(child.id);
    });

    it("refuses a demo token on norte's paths (403 wrong_school) and the other way round", async () => {
      const demo = await signIn('demo', 'admin');
      const norte = await signIn('norte', 'admin');
      for (const [code, session] of [['norte', demo], ['demo', norte]] as const) {
        const res = await t.request({ method: 'GET', url: `/api/${code}/people/${session.uid}`, token: session.token });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ error: 'wrong_school', message: expect.any(String) });
      }
    });

    async function classId(name: string): Promise<number> {
      const row = await t.db.selectFrom('nodes').select('id').where('org_id', '=', schools.norte.id).where('name', '=', name).executeTakeFirstOrThrow();
      return row.id;
    }
  },
  { seedDemo: true },
);
