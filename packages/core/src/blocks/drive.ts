// Drive-document blocks (spec §4): a Google Drive/Docs or OneDrive link becomes the address of its
// embedded viewer when one exists, else the plain link is kept.

export interface DriveLink {
  provider: 'google' | 'onedrive';
  /** The address the block stores: the embed url, or the plain url when the document has none. */
  url: string;
  embeddable: boolean;
}

const GOOGLE_DOC = /^\/(document|spreadsheets|presentation|forms)\/d\/(e\/)?([A-Za-z0-9_-]{10,})/;
const GOOGLE_FILE = /^\/file\/d\/([A-Za-z0-9_-]{10,})/;

function googleLink(url: URL): DriveLink | null {
  if (url.hostname === 'docs.google.com') {
    const match = GOOGLE_DOC.exec(url.pathname);
    if (!match) return null;
    const [, kind, published, id] = match;
    const base = `https://docs.google.com/${kind}/d/${published ?? ''}${id}`;
    if (kind === 'forms') return { provider: 'google', url: `${base}/viewform?embedded=true`, embeddable: true };
    if (kind === 'presentation') return { provider: 'google', url: `${base}/embed`, embeddable: true };
    return { provider: 'google', url: `${base}/preview`, embeddable: true };
  }
  if (url.hostname === 'drive.google.com') {
    const file = GOOGLE_FILE.exec(url.pathname);
    const id = file ? file[1] : url.pathname === '/open' ? url.searchParams.get('id') : null;
    if (id && /^[A-Za-z0-9_-]{10,}$/.test(id)) return { provider: 'google', url: `https://drive.google.com/file/d/${id}/preview`, embeddable: true };
    return { provider: 'google', url: url.href, embeddable: false };
  }
  return null;
}

function oneDriveLink(url: URL): DriveLink | null {
  const host = url.hostname;
  const isOneDrive = host === '1drv.ms' || host === 'onedrive.live.com' || host.endsWith('.sharepoint.com');
  if (!isOneDrive) return null;
  if (host === 'onedrive.live.com' && url.pathname === '/embed') return { provider: 'onedrive', url: url.href, embeddable: true };
  if (host === 'onedrive.live.com' && url.searchParams.get('resid')) {
    const embed = new URL('https://onedrive.live.com/embed');
    for (const key of ['cid', 'resid', 'authkey']) {
      const value = url.searchParams.get(key);
      if (value) embed.searchParams.set(key, value);
    }
    return { provider: 'onedrive', url: embed.href, embeddable: true };
  }
  // Short links and SharePoint pages have no embed address we can derive: keep the link.
  return { provider: 'onedrive', url: url.href, embeddable: false };
}

/** The document a link points at, or null when it is not a Google Drive/Docs or OneDrive https link. */
export function parseDriveUrl(raw: string): DriveLink | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:') return null;
  return googleLink(url) ?? oneDriveLink(url);
}
