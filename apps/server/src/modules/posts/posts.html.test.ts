import { MAX_DESCRIPTION_BYTES } from '@patio/core';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../http/errors';
import { signedProxyAddress } from '../proxy/index';
import { assertDescriptionSize, excerptOf, sanitizePostHtml, storedDescription } from './posts.html';

describe('post descriptions', () => {
  it("item 8: a description saved back with a picture's /proxy/ address stores the picture's own address, and a script address inside one is dropped", () => {
    const address = signedProxyAddress({ jwtSecret: Buffer.alloc(32, 1) }, 'https://fotos.example/a.png?x=1&y=2').replaceAll('&', '&amp;');
    expect(storedDescription(`<p><img src="${address}" alt="a" /></p>`)).toBe('<p><img src="https://fotos.example/a.png?x=1&amp;y=2" alt="a" /></p>');
    expect(storedDescription(`<p>x<img src="/proxy/?url=${encodeURIComponent('javascript:alert(1)')}&amp;sig=z" /></p>`)).toBe('<p>x</p>');
  });

  it('keeps what the compose editor writes', () => {
    const html =
      '<h2>Title</h2><h3>Sub</h3><p>A <strong>b</strong> <em>c</em> <u>d</u> <s>e</s><br></p><ul><li>one</li></ul><ol><li>two</li></ol>' +
      '<blockquote><p>q</p></blockquote><pre><code>x = 1</code></pre><p><img src="https://example.com/a.png" alt="A"><img src="/api/demo/files/x.png" alt=""></p>';
    // Void elements come back self-closed; nothing else changes.
    expect(sanitizePostHtml(html)).toBe(html.replace(/<(br|img[^>]*)>/g, '<$1 />'));
  });

  it('strips scripts, styles, event handlers and javascript: links', () => {
    const html =
      '<p onclick="steal()">Hi<script>alert(1)</script><style>p{}</style></p><a href="javascript:alert(1)">x</a>' +
      '<img src="x" onerror="alert(1)"><iframe src="https://evil.example"></iframe><svg><script>1</script></svg>' +
      '<a href="JaVaScRiPt:alert(1)">y</a><div style="background:url(x)">z</div>';
    const clean = sanitizePostHtml(html);
    expect(clean).not.toMatch(/script|onclick|onerror|javascript|iframe|style|svg|alert/i);
    expect(clean).toContain('<p>Hi</p>');
    expect(clean).toContain('z');
  });

  it('opens links in a new tab without a handle on the page, and drops unsafe image sources', () => {
    expect(sanitizePostHtml('<a href="https://example.com" target="_self" rel="opener">e</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">e</a>',
    );
    expect(sanitizePostHtml('<img src="data:image/png;base64,AAAA"><img src="//evil.example/x.png"><img src="ftp://x/y.png">')).toBe('');
    expect(sanitizePostHtml('<a href="mailto:a@b.co">m</a>')).toContain('href="mailto:a@b.co"');
  });

  it('refuses a description over the limit with 413 payload_too_large, counting UTF-8 bytes', () => {
    expect(() => assertDescriptionSize('a'.repeat(MAX_DESCRIPTION_BYTES))).not.toThrow();
    const over = () => assertDescriptionSize('a'.repeat(MAX_DESCRIPTION_BYTES + 1));
    expect(over).toThrow(HttpError);
    try {
      over();
    } catch (err) {
      expect((err as HttpError).statusCode).toBe(413);
      expect((err as HttpError).code).toBe('payload_too_large');
    }
    // 400,000 characters of two bytes each are 800,000 bytes: allowed; 600,000 are 1,200,000: refused.
    expect(() => assertDescriptionSize('ñ'.repeat(400_000))).not.toThrow();
    expect(() => assertDescriptionSize('ñ'.repeat(600_000))).toThrow(HttpError);
  });

  it('makes plain excerpts', () => {
    expect(excerptOf('<p>Hola&nbsp;a</p><p>todos &amp; &lt;b&gt;</p>')).toBe('Hola a todos & <b>');
    expect(excerptOf(`<p>${'x'.repeat(300)}</p>`)).toHaveLength(200);
  });
});
