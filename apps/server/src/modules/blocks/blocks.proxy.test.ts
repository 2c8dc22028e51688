import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TestPerson } from '../../test/factories';
import { describeOnDatabases } from '../../test/harness';
import { signedProxyAddress } from '../proxy/index';
import { type ImageSite, makeImageSiteCertificate, PNG_BYTES, startImageSite } from '../proxy/proxy.fixtures';
import { publishPost } from '../threads/threads.fixtures';
import { addBlock, as } from './blocks.fixtures';

// Issue 33 item 8 where readers meet it: a post's description and its image blocks answer other
// sites' pictures as signed /proxy/ addresses (decision 028), and those addresses serve the picture.

const certificate = makeImageSiteCertificate();

/** An address as an <img> requests it: the attribute's &amp; read back as &. */
const unescape = (address: string) => address.replaceAll('&amp;', '&');

describeOnDatabases(
  'pictures of other sites in posts and blocks',
  (t) => {
    let site: ImageSite;
    let teacher: TestPerson;
    let parent: TestPerson;
    beforeAll(async () => {
      site = await startImageSite(certificate);
      const school = await t.makeSchool();
      teacher = await t.makePerson(school, { role: 'teacher' });
      const student = await t.makePerson(school, { role: 'student' });
      parent = await t.makePerson(school, { role: 'relative', relativeOf: student });
    });
    afterAll(() => site?.close());

    it("item 8: a parent reads a post's description and image block with other sites' pictures as signed /proxy/ addresses; the stored description keeps the original", async () => {
      const proxied = (address: string) => signedProxyAddress(t.config, address);
      const own = `/api/${teacher.org.code}/files/5/preview?expires=0&amp;sig=abc`;
      const description = `<p>Mira <img src="${site.base}/ok.png?a=1&amp;b=2" alt="foto" /> y <img src="${own}" alt="nuestra" /></p>`;
      const post = await publishPost(t, teacher, [parent], { description });
      const block = await addBlock(t, teacher, post.id, 'image', `${site.base}/to-ok`);
      // The author's editor shows it through the proxy too.
      expect((block as { proxiedUrl?: string }).proxiedUrl).toBe(proxied(`${site.base}/to-ok`));

      const call = as(t);
      const card = await call(parent, 'GET', `posts/${post.id}`);
      expect(card.statusCode, card.body).toBe(200);
      const shown: string = card.json().description;
      expect(shown).toContain(`src="${proxied(`${site.base}/ok.png?a=1&b=2`).replaceAll('&', '&amp;')}"`);
      expect(shown).toContain(`src="${own}"`);
      expect(shown).not.toContain(`src="${site.base}`);
      const [image] = card.json().blocks;
      expect(image).toMatchObject({ type: 'image', url: `${site.base}/to-ok`, proxiedUrl: proxied(`${site.base}/to-ok`) });
      expect((await call(parent, 'GET', `posts/${post.id}/blocks`)).json()[0].proxiedUrl).toBe(image.proxiedUrl);
      expect((await call(parent, 'GET', `posts/${post.id}/trail`)).json()[0].description).toBe(shown);

      // The addresses handed out work for an <img>: no token, straight to the picture.
      for (const src of [unescape(/src="(\/proxy\/[^"]+)"/.exec(shown)![1]), image.proxiedUrl as string]) {
        const picture = await t.app.inject({ method: 'GET', url: src });
        expect(picture.statusCode, src).toBe(200);
        expect(picture.rawPayload.equals(PNG_BYTES)).toBe(true);
      }
      const stored = await t.db.selectFrom('posts').select('description').where('org_id', '=', teacher.org.id).where('id', '=', post.id).executeTakeFirstOrThrow();
      expect(stored.description).toBe(description);
    });

    it('item 8: a block of our own file, or of no url, carries no proxy address', async () => {
      const post = await publishPost(t, teacher, [parent]);
      await addBlock(t, teacher, post.id, 'image', `/api/${teacher.org.code}/files/12/preview?expires=0&sig=abc`);
      await addBlock(t, teacher, post.id, 'image', null);
      const blocks = (await as(t)(parent, 'GET', `posts/${post.id}/blocks`)).json();
      expect(blocks.map((b: Record<string, unknown>) => 'proxiedUrl' in b)).toEqual([false, false]);
    });
  },
  { imageProxyLoopback: { ca: certificate.cert } },
);
