import { describe, expect, it } from 'vitest';
import { parseDriveUrl } from './drive';

// Spec §4 Drive-document block edit: the block keeps the embed url, or the plain url when none exists.

describe('parseDriveUrl', () => {
  const DOC = '1AbCdEfGhIjKlMnOpQrStUvWxYz_0123456789-ab';

  it.each([
    [`https://docs.google.com/document/d/${DOC}/edit?usp=sharing`, `https://docs.google.com/document/d/${DOC}/preview`],
    [`https://docs.google.com/spreadsheets/d/${DOC}/edit#gid=0`, `https://docs.google.com/spreadsheets/d/${DOC}/preview`],
    [`https://docs.google.com/presentation/d/${DOC}/edit`, `https://docs.google.com/presentation/d/${DOC}/embed`],
    [`https://docs.google.com/forms/d/${DOC}/viewform`, `https://docs.google.com/forms/d/${DOC}/viewform?embedded=true`],
    [`https://docs.google.com/document/d/e/2PACX-${DOC}/pub`, `https://docs.google.com/document/d/e/2PACX-${DOC}/preview`],
    [`https://drive.google.com/file/d/${DOC}/view?usp=drive_link`, `https://drive.google.com/file/d/${DOC}/preview`],
    [`https://drive.google.com/open?id=${DOC}`, `https://drive.google.com/file/d/${DOC}/preview`],
    [`  https://docs.google.com/document/d/${DOC}/edit  `, `https://docs.google.com/document/d/${DOC}/preview`],
  ])('embeds the Google document of %s', (link, url) => {
    expect(parseDriveUrl(link)).toEqual({ provider: 'google', url, embeddable: true });
  });

  it('keeps a Drive folder as a plain link: it has no viewer to embed', () => {
    const link = `https://drive.google.com/drive/folders/${DOC}?usp=sharing`;
    expect(parseDriveUrl(link)).toEqual({ provider: 'google', url: link, embeddable: false });
  });

  it('embeds a OneDrive document with its cid, resid and authkey only', () => {
    const parsed = parseDriveUrl('https://onedrive.live.com/?cid=ABC123&resid=ABC123%21105&authkey=%21XyZ&ithint=file%2cdocx&tracking=1');
    expect(parsed?.embeddable).toBe(true);
    expect(parsed?.provider).toBe('onedrive');
    const url = new URL(parsed!.url);
    expect(url.origin + url.pathname).toBe('https://onedrive.live.com/embed');
    expect(Object.fromEntries(url.searchParams)).toEqual({ cid: 'ABC123', resid: 'ABC123!105', authkey: '!XyZ' });
  });

  it('keeps a OneDrive embed address as it is', () => {
    const link = 'https://onedrive.live.com/embed?cid=ABC123&resid=ABC123%21105&authkey=%21XyZ&em=2';
    expect(parseDriveUrl(link)).toEqual({ provider: 'onedrive', url: link, embeddable: true });
  });

  it.each(['https://1drv.ms/w/s!AbCdEf123', 'https://colegio.sharepoint.com/:w:/s/profes/EaBcD?e=xyz'])(
    'keeps the OneDrive or SharePoint short link %s as a plain link',
    (link) => {
      expect(parseDriveUrl(link)).toEqual({ provider: 'onedrive', url: link, embeddable: false });
    },
  );

  it.each([
    ['a plain http address', `http://docs.google.com/document/d/${DOC}/edit`],
    ['a look-alike host', `https://docs.google.com.example.com/document/d/${DOC}/edit`],
    ['another site', `https://example.com/document/d/${DOC}/edit`],
    ['a Google document id that is too short', 'https://docs.google.com/document/d/abc/edit'],
    ['a Google page that is not a document', 'https://docs.google.com/'],
    ['a script address', 'javascript:alert(1)//docs.google.com/document/d/x'],
    ['text that is not an address', 'mi documento'],
    ['nothing', ''],
  ])('refuses %s', (_case, link) => {
    expect(parseDriveUrl(link)).toBeNull();
  });

  it('never embeds a Drive id with characters ids do not have', () => {
    expect(parseDriveUrl('https://drive.google.com/open?id=%22%3E%3Cscript%3E')).toEqual({
      provider: 'google',
      url: 'https://drive.google.com/open?id=%22%3E%3Cscript%3E',
      embeddable: false,
    });
  });
});
