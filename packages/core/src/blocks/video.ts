// Video block urls (spec §5 Video url): vimeo, youtube or youtu; a YouTube id has 11 characters.
// Embeds use the privacy-enhanced players (youtube-nocookie.com, Vimeo with dnt=1).

export interface VideoLink {
  provider: 'youtube' | 'vimeo';
  id: string;
  embedUrl: string;
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

function parse(url: string): URL | null {
  try {
    const parsed = new URL(url.trim());
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed : null;
  } catch {
    return null;
  }
}

function youtubeId(url: URL): string | null {
  const host = url.hostname.replace(/^(www\.|m\.|music\.)/, '');
  let id: string | null = null;
  if (host === 'youtu.be') id = url.pathname.split('/')[1] ?? null;
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    if (url.pathname === '/watch') id = url.searchParams.get('v');
    else {
      const match = /^\/(embed|shorts|live|v)\/([^/?#]+)/.exec(url.pathname);
      id = match ? match[2] : null;
    }
  }
  return id && YOUTUBE_ID.test(id) ? id : null;
}

function vimeoId(url: URL): string | null {
  const host = url.hostname.replace(/^www\./, '');
  if (host !== 'vimeo.com' && host !== 'player.vimeo.com') return null;
  const match = /^\/(?:video\/)?(\d{1,12})(?:\/|$)/.exec(url.pathname);
  return match ? match[1] : null;
}

/** The video a url points at, or null when it is not a YouTube or Vimeo video. */
export function parseVideoUrl(raw: string): VideoLink | null {
  if (!/vimeo|youtube|youtu/i.test(raw)) return null;
  const url = parse(raw);
  if (!url) return null;
  const youtube = youtubeId(url);
  if (youtube) return { provider: 'youtube', id: youtube, embedUrl: `https://www.youtube-nocookie.com/embed/${youtube}` };
  const vimeo = vimeoId(url);
  if (vimeo) return { provider: 'vimeo', id: vimeo, embedUrl: `https://player.vimeo.com/video/${vimeo}?dnt=1` };
  return null;
}
