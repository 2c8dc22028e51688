import { beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { defaultJobsConfig } from '../../config';
import { describeOnDatabases } from '../../test/harness';
import { makeWorld, type World } from '../../test/world';
import { as, ids, postTo, publishAs, recipientsOf, rule } from './posts.fixtures';

// Scheduled posts publish through the durable post.publish job. No worker runs on its own here: the
// tests move a job's time into the past and drain a queue themselves, so they control the clock.
describeOnDatabases(
  'scheduled posts',
  (t) => {
    let w: World;
    beforeAll(async () => {
      w = await makeWorld(t);
    });

    const inAnHour = () => new Date(Date.now() + 3600_000).toISOString();
    const jobOf = (postId: number) =>
      t.db.selectFrom('jobs').select(['id', 'state', 'run_at']).where('org_id', '=', w.school.id).where('kind', '=', 'post.publish').where('key', 'like', `post.publish:${w.school.id}:${postId}:%`).execute();
    const makeDue = (jobId: number) => t.db.updateTable('jobs').set({ run_at: new Date(Date.now() - 1000).toISOString() }).where('id', '=', jobId).execute();
    const statusOf = async (postId: number) =>
      (await t.db.selectFrom('posts').select('status').where('org_id', '=', w.school.id).where('id', '=', postId).executeTakeFirstOrThrow()).status;

    it('stores a future post as scheduled with no stubs, and a job for its date', async () => {
      const publishDate = inAnHour();
      const res = await publishAs(t, w.teacherA, postTo([w.parentA], { publishDate }));
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ scheduled: true, audienceCount: 1, publishDate });
      const id = res.json().id;
      expect(await statusOf(id)).toBe('scheduled');
      expect(await recipientsOf(t, w.school.id, id)).toEqual([]);
      const [job] = await jobOf(id);
      expect(job).toMatchObject({ state: 'queued', run_at: publishDate });
      await t.drainJobs();
      expect(await statusOf(id)).toBe('scheduled');
      // It is the author's alone until then: in their sent list, nobody else's inbox.
      const sent = await as(t, w.teacherA, 'GET', `people/${w.teacherA.id}/posts/sent`);
      expect(sent.json().find((p: { id: number }) => p.id === id)).toMatchObject({ status: 'scheduled', readCount: 0 });
      expect((await as(t, w.admin, 'GET', `posts/${id}/stubs`)).statusCode).toBe(404);
    });

    it('checks the audience when scheduling: refusals come at once and write nothing', async () => {
      const res = await publishAs(t, w.parentA, postTo([w.parentB], { publishDate: inAnHour() }));
      expect(res.statusCode).toBe(403);
      expect((await publishAs(t, w.teacherA, postTo([], { publishDate: inAnHour() }))).json()).toMatchObject({ error: 'no_recipients' });
    });

    it('publishes at its date, to the audience of that moment, even from a new server instance, and only once', async () => {
      const res = await publishAs(t, w.teacherA, postTo([], { publishDate: inAnHour(), audience: { people: [], rules: rule('node', 'eq', w.tree.classA), relatives: true } }));
      const id = res.json().id;
      expect(res.json().audienceCount).toBe(2);
      // Someone joins class A before the date: the post reaches them too.
      const newcomer = await t.makePerson(w.school, { role: 'student', node: w.tree.classA, firstName: 'Nora' });
      const [job] = await jobOf(id);
      await makeDue(job.id);

      const second = await buildApp(t.config);
      try {
        await second.patio.jobs.drain();
      } finally {
        await second.close();
      }
      expect(await statusOf(id)).toBe('published');
      expect(await recipientsOf(t, w.school.id, id)).toEqual(ids(w.studentA, w.parentA, newcomer));
      const post = await t.db.selectFrom('posts').select(['audience_count', 'publish_date']).where('org_id', '=', w.school.id).where('id', '=', id).executeTakeFirstOrThrow();
      expect(post.audience_count).toBe(3);
      expect((await jobOf(id))[0].state).toBe('done');

      // The same job once more (a worker that died before recording it): nothing changes.
      const payload = { orgId: w.school.id, postId: id, publishDate: res.json().publishDate };
      await t.app.patio.jobs.enqueue(t.db, 'post.publish', payload, { orgId: w.school.id, key: `again:${id}` });
      await t.drainJobs();
      expect(await recipientsOf(t, w.school.id, id)).toEqual(ids(w.studentA, w.parentA, newcomer));
    });

    it('schedules a draft in place; it can no longer be edited or discarded', async () => {
      const draft = (await as(t, w.admin, 'POST', `people/${w.admin.id}/posts/drafts`, postTo([w.parentB], { publishDate: inAnHour() }))).json();
      const res = await publishAs(t, w.admin, { draft: draft.id });
      expect(res.json()).toMatchObject({ id: draft.id, scheduled: true });
      expect((await as(t, w.admin, 'PUT', `posts/${draft.id}`, postTo([w.parentB]))).statusCode).toBe(409);
      expect((await as(t, w.admin, 'DELETE', `posts/${draft.id}`)).statusCode).toBe(409);
      expect((await publishAs(t, w.admin, { draft: draft.id })).statusCode).toBe(409);
      const [job] = await jobOf(draft.id);
      await makeDue(job.id);
      await t.drainJobs();
      expect(await recipientsOf(t, w.school.id, draft.id)).toEqual(ids(w.parentB));
    });

    it('leaves out at its date whom the author may no longer address', async () => {
      const res = await publishAs(t, w.parentA, postTo([w.teacherA, w.teacherB], { publishDate: inAnHour() }));
      const id = res.json().id;
      // Teacher B stops being staff: a family no longer sees them.
      await t.db.deleteFrom('memberships').where('org_id', '=', w.school.id).where('person_id', '=', w.teacherB.id).execute();
      const [job] = await jobOf(id);
      await makeDue(job.id);
      await t.drainJobs();
      expect(await statusOf(id)).toBe('published');
      expect(await recipientsOf(t, w.school.id, id)).toEqual(ids(w.teacherA));
    });
  },
  { jobs: { ...defaultJobsConfig, inProcess: false } },
);
