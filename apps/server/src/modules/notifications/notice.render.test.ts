import { describe, expect, it } from 'vitest';
import { hasProxySignature } from '../proxy/proxy.signing';
import { noticeLinks } from './deliver';
import { mailOf } from './notice.render';
import type { NoticePost } from './deliveries.queries';

const config = { jwtSecret: new TextEncoder().encode('a-test-secret-of-at-least-32-bytes!!'), fileUrlSecret: undefined, publicUrl: 'https://patio.colegio.edu.co' };

const post: NoticePost = {
  id: 7,
  threadId: 70,
  authorId: 1,
  type: 'circular',
  title: 'Salida al museo',
  description: '<p>Mapa:</p><img src="http://mapas.example.org/ruta.png" alt="Ruta"><img src="/api/demo/files/posts/3-abc.png" alt="Foto">',
  notifications: true,
  published: true,
  formId: null,
};

describe('notice mail pictures', () => {
  it("issue 33 item 8: a mail shows another site's picture through the school's own signed /proxy/ address and our own pictures by absolute address", () => {
    const links = noticeLinks(config as never);
    const { html } = mailOf(post, 'Mapa:', 'Colegio', 'es', links);
    const sources = [...html.matchAll(/<img[^>]*src="([^"]*)"/g)].map((match) => match[1].replace(/&amp;/g, '&'));
    expect(sources).toHaveLength(2);
    const proxied = new URL(sources[0]);
    expect(proxied.origin + proxied.pathname).toBe('https://patio.colegio.edu.co/proxy/');
    expect(proxied.searchParams.get('url')).toBe('https://mapas.example.org/ruta.png');
    expect(hasProxySignature(config as never, proxied.searchParams.get('url')!, proxied.searchParams.get('sig') ?? undefined)).toBe(true);
    expect(sources[1]).toBe('https://patio.colegio.edu.co/api/demo/files/posts/3-abc.png');
    expect(html).not.toContain('mapas.example.org/ruta.png"');
  });
});
