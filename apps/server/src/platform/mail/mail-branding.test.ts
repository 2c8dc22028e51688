import { describe, expect, it } from 'vitest';
import { contrastRatio } from '@patio/core/color/contrast';
import { brandedMailHtml } from './mail-branding';

describe('branded mail header (issue 33 item 4)', () => {
  it('item 4: carries the logo as an absolute address and the name on the school colour, darkened until white reaches 4.5:1', () => {
    const html = brandedMailHtml({ title: 'Colegio <Andes>', color: '#2A96C7', logo: 'https://patio.example/api/andes/settings/appearance/logo/ab.png' }, 'Hola:\n\nAbre https://patio.example/login?school=andes&token=x\n\nGracias');
    expect(html).toContain('<img src="https://patio.example/api/andes/settings/appearance/logo/ab.png"');
    expect(html).toContain('Colegio &lt;Andes&gt;');
    const bar = /background:(#[0-9A-F]{6});color:#fff/.exec(html)![1];
    expect(contrastRatio(bar, '#FFFFFF')).toBeGreaterThanOrEqual(4.5);
    expect(html).toContain('<a href="https://patio.example/login?school=andes&amp;token=x"');
  });

  it('item 4: leaves out a logo that is not an http(s) address', () => {
    expect(brandedMailHtml({ title: 'X', color: '#1C89B8', logo: 'javascript:alert(1)' }, 'Hola')).not.toContain('<img');
  });
});
