import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { i18n as I18n } from 'i18next';
import { applyLanguage, createI18n } from '../../app/i18n/createI18n';
import { BASE, stubFetch } from '../../test/fetchStub';
import { renderApp } from '../../test/renderApp';
import { audienceText } from './audienceText';
import { PostDate } from './PostDate';
import { ME, POST_TYPES, TEACHER, author, makePost, page, signedIn } from './posts.fixtures';
import { sanitizeHtml, sanitizerMode, textToHtml } from './sanitizeHtml';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createI18n();
});

async function inLanguage(language: 'es-CO' | 'en' | 'de' | 'fr' | 'it' | 'pt') {
  await applyLanguage(i18n, language);
  return i18n.t;
}

describe('audience text (spec §6)', () => {
  it('says "sent to one person" to the author of a post with one recipient', async () => {
    const t = await inLanguage('es-CO');
    expect(audienceText(t, { audienceCount: 1, authorId: ME, callerId: ME })).toBe('Enviado a una persona');
  });

  it('says "to me" to the one recipient of someone else’s post', async () => {
    const t = await inLanguage('es-CO');
    expect(audienceText(t, { audienceCount: 1, authorId: TEACHER.id, callerId: ME })).toBe('Para mí');
  });

  it('says "to N people" above one, for author and readers alike', async () => {
    const t = await inLanguage('es-CO');
    expect(audienceText(t, { audienceCount: 2, authorId: ME, callerId: ME })).toBe('Para 2 personas');
    expect(audienceText(t, { audienceCount: 1250, authorId: TEACHER.id, callerId: ME })).toBe('Para 1.250 personas');
  });

  it.each([
    ['en', 'Sent to one person', 'To me', 'To 3 people'],
    ['de', 'An eine Person gesendet', 'An mich', 'An 3 Personen'],
    ['fr', 'Envoyé à une personne', 'À moi', 'À 3 personnes'],
    ['it', 'Inviato a una persona', 'A me', 'A 3 persone'],
    ['pt', 'Enviado a uma pessoa', 'Para mim', 'Para 3 pessoas'],
  ] as const)('speaks %s', async (language, sentToOne, toMe, toThree) => {
    const t = await inLanguage(language);
    expect(audienceText(t, { audienceCount: 1, authorId: ME, callerId: ME })).toBe(sentToOne);
    expect(audienceText(t, { audienceCount: 1, authorId: TEACHER.id, callerId: ME })).toBe(toMe);
    expect(audienceText(t, { audienceCount: 3, authorId: TEACHER.id, callerId: ME })).toBe(toThree);
  });
});

describe('post dates (spec §9: older than 6 days → full date, else relative)', () => {
  afterEach(() => vi.useRealTimers());

  async function shown(date: string, language: 'es-CO' | 'en' = 'es-CO', now = '2026-03-10T12:00:00Z'): Promise<string> {
    await inLanguage(language);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(now));
    const { container, unmount } = render(
      <I18nextProvider i18n={i18n}>
        <PostDate date={date} />
      </I18nextProvider>,
    );
    const time = container.querySelector('time')!;
    expect(time.getAttribute('dateTime')).toBe(date);
    const text = time.textContent ?? '';
    unmount();
    return text;
  }

  it('shows a recent date as relative time in the interface language', async () => {
    expect(await shown('2026-03-10T09:00:00Z')).toBe('hace 3 horas');
    expect(await shown('2026-03-10T09:00:00Z', 'en')).toBe('3 hours ago');
  });

  it('shows a post of the current minute as just sent, never as due in a few seconds, and a scheduled one ahead', async () => {
    expect(await shown('2026-03-10T12:00:20Z', 'es-CO', '2026-03-10T12:00:40Z')).toBe('hace menos de 5 segundos');
    expect(await shown('2026-03-10T12:00:20Z', 'en', '2026-03-10T12:00:40Z')).toBe('less than 5 seconds ago');
    expect(await shown('2026-03-11T12:00:00Z', 'en', '2026-03-10T12:00:40Z')).toBe('in 24 hours');
  });

  it('stays relative up to six days and turns into the full date after', async () => {
    expect(await shown('2026-03-04T13:00:00Z')).toBe('hace 6 días');
    expect(await shown('2026-03-03T11:00:00Z')).toBe('3 de marzo de 2026');
    expect(await shown('2026-03-03T11:00:00Z', 'en')).toBe('March 3rd, 2026');
  });
});

describe('sanitised descriptions', () => {
  it('leaves no script, handler, frame, style or javascript: link', () => {
    const clean = sanitizeHtml(
      '<p style="position:fixed">Hola <b>familias</b></p><script>alert(1)</script><img src="/x.png" onerror="alert(2)">' +
        '<iframe src="https://evil.test"></iframe><a href="javascript:alert(3)">mal</a><a href="https://colegio.test/a">bien</a>',
    );
    expect(clean).not.toMatch(/<script|onerror|<iframe|javascript:|style=/i);
    const holder = document.createElement('div');
    holder.innerHTML = clean;
    expect(holder.textContent).toContain('Hola familias');
    if (sanitizerMode() === 'dompurify') {
      // sanitizeHtml.browser.test.ts checks this path in Chromium.
      expect(clean).toContain('<b>familias</b>');
      expect(holder.querySelector('a[href^="https:"]')?.getAttribute('rel')).toContain('noopener');
    } else {
      // A DOM that DOMPurify does not clean properly (this test double among them) gets the text alone.
      expect(holder.querySelectorAll('*').length).toBe(holder.querySelectorAll('p, br').length);
    }
  });

  it('turns a typed reply into escaped paragraphs', () => {
    expect(textToHtml('Hola <profe>\nGracias\n\n  Ana & Luis ')).toBe('<p>Hola &lt;profe&gt;<br>Gracias</p><p>Ana &amp; Luis</p>');
    expect(textToHtml('   \n\n ')).toBe('');
  });
});

describe('post card on the highlights board', () => {
  const HIGHLIGHTS = `GET people/${ME}/highlights?page=1&limit=20`;

  it('shows author, audience, type, title and a description with no script left in the page', async () => {
    const post = makePost(1, {
      description: '<p>Reunión el viernes</p><script>window.hacked = true</script><img src="/a.png" onerror="window.hacked = true">',
      event: { id: 9, title: '', secondary: '', location: '', startDate: 1_796_000_000, endDate: 1_796_003_600, allDay: false, start: '2026-11-29T19:33:20-05:00', end: '2026-11-29T20:33:20-05:00', timeZone: 'America/Bogota', recurrence: null, rsvp: false },
      blocks: [{ id: 3, type: 'youtube', url: 'https://www.youtube.com/watch?v=abc', options: {} }],
      quotes: [{ id: 40, type: 'message', title: 'Cita', description: '<p>Dicho antes</p>', author: author(3, 'Ana', 'Ruiz'), publishDate: new Date().toISOString(), thread: 140 }],
    });
    vi.stubGlobal('fetch', stubFetch(BASE, { [HIGHLIGHTS]: page([post]), 'GET post-types': { body: POST_TYPES } }).fetchMock);
    await renderApp({ path: '/highlights', session: signedIn() });
    // The first screen of the file also pays for transforming the lazily loaded chunks.
    const card = await screen.findByRole('article', { name: 'Circular 1' }, { timeout: 15_000 });
    expect(within(card).getByText('Tomás Díaz')).toBeTruthy();
    expect(within(card).getByText('Para 30 personas')).toBeTruthy();
    expect(await within(card).findByText('Circular')).toBeTruthy();
    expect(within(card).getByText('Reunión el viernes')).toBeTruthy();
    expect(card.querySelector('script')).toBeNull();
    expect(card.innerHTML).not.toMatch(/onerror/);
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
    expect(within(card).getByRole('link', { name: 'Evento en el calendario' })).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Video de YouTube' }).getAttribute('href')).toBe('https://www.youtube.com/watch?v=abc');
    expect(within(within(card).getByRole('list', { name: 'Mensajes citados' })).getByText('Dicho antes')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Circular 1' }).getAttribute('href')).toBe('/highlights/threads/feed/101');
    // A post that replies to nothing has no trail to show.
    expect(within(card).queryByRole('button', { name: 'Ver los mensajes anteriores' })).toBeNull();
  }, 20_000);

  it('renders no event link when the post has no event', async () => {
    vi.stubGlobal('fetch', stubFetch(BASE, { [HIGHLIGHTS]: page([makePost(1)]) }).fetchMock);
    await renderApp({ path: '/highlights', session: signedIn() });
    const card = await screen.findByRole('article', { name: 'Circular 1' });
    expect(within(card).queryByRole('link', { name: 'Evento en el calendario' })).toBeNull();
  });

  it('fetches the trail only when its handle opens it, and forgets it when closed', async () => {
    const post = makePost(5, { replyTo: 4 });
    const TRAIL = 'GET posts/5/trail?limit=50';
    const trail = [
      { id: 5, author: { firstName: 'Tomás', lastName: 'Díaz' }, publishDate: new Date().toISOString(), description: '<p>Esta misma</p>' },
      { id: 4, author: { firstName: 'Ana', lastName: 'Ruiz' }, publishDate: new Date().toISOString(), description: '<p>¿A qué hora es?</p>' },
      { id: 3, author: { firstName: 'Tomás', lastName: 'Díaz' }, publishDate: new Date().toISOString(), description: '<p>La reunión es el viernes</p>' },
    ];
    const { fetchMock, calls } = stubFetch(BASE, { [HIGHLIGHTS]: page([post]), [TRAIL]: { body: trail } });
    vi.stubGlobal('fetch', fetchMock);
    await renderApp({ path: '/highlights', session: signedIn() });
    const card = await screen.findByRole('article', { name: 'Circular 5' });
    const trailCalls = () => calls.filter((c) => c.url === `${BASE}posts/5/trail?limit=50`).length;
    expect(trailCalls()).toBe(0);

    const handle = within(card).getByRole('button', { name: 'Ver los mensajes anteriores' });
    expect(handle.getAttribute('aria-expanded')).toBe('false');
    await act(async () => fireEvent.click(handle));
    const panel = await within(card).findByRole('region', { name: 'Mensajes anteriores' });
    expect(await within(panel).findByText('¿A qué hora es?')).toBeTruthy();
    expect(within(panel).getByText('Ana Ruiz')).toBeTruthy();
    expect(within(panel).getByText('La reunión es el viernes')).toBeTruthy();
    expect(within(panel).queryByText('Esta misma')).toBeNull();
    expect(trailCalls()).toBe(1);

    await act(async () => fireEvent.click(within(card).getByRole('button', { name: 'Ocultar los mensajes anteriores' })));
    expect(within(card).queryByRole('region', { name: 'Mensajes anteriores' })).toBeNull();

    // Cleared, not cached: opening again asks the server again.
    await act(async () => fireEvent.click(within(card).getByRole('button', { name: 'Ver los mensajes anteriores' })));
    await waitFor(() => expect(trailCalls()).toBe(2));
    expect(await within(card).findByText('¿A qué hora es?')).toBeTruthy();
  });
});
