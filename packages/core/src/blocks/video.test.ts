import { describe, expect, it } from 'vitest';
import { parseVideoUrl } from './video';

// Spec §5 Video url: the address must name vimeo, youtube or youtu; a YouTube id has 11 characters.

describe('parseVideoUrl', () => {
  const ID = 'dQw4w9WgXcQ';

  it.each([
    `https://www.youtube.com/watch?v=${ID}`,
    `https://youtube.com/watch?v=${ID}&list=PL123&t=42s`,
    `https://m.youtube.com/watch?v=${ID}`,
    `https://music.youtube.com/watch?v=${ID}`,
    `http://www.youtube.com/watch?v=${ID}`,
    `https://youtu.be/${ID}`,
    `https://youtu.be/${ID}?t=42`,
    `https://www.youtube.com/embed/${ID}`,
    `https://www.youtube.com/shorts/${ID}`,
    `https://www.youtube.com/live/${ID}?feature=share`,
    `https://www.youtube-nocookie.com/embed/${ID}`,
    `  https://WWW.YOUTUBE.COM/watch?v=${ID}  `,
  ])('reads the YouTube id of %s and embeds it privacy-enhanced', (url) => {
    expect(parseVideoUrl(url)).toEqual({ provider: 'youtube', id: ID, embedUrl: `https://www.youtube-nocookie.com/embed/${ID}` });
  });

  it.each([
    ['https://vimeo.com/76979871', '76979871'],
    ['https://www.vimeo.com/76979871/', '76979871'],
    ['https://player.vimeo.com/video/76979871?h=abc', '76979871'],
  ])('reads the Vimeo id of %s and embeds it without tracking', (url, id) => {
    expect(parseVideoUrl(url)).toEqual({ provider: 'vimeo', id, embedUrl: `https://player.vimeo.com/video/${id}?dnt=1` });
  });

  it.each([
    ['a YouTube id of 10 characters', 'https://www.youtube.com/watch?v=dQw4w9WgXc'],
    ['a YouTube id of 12 characters', 'https://www.youtube.com/watch?v=dQw4w9WgXcQQ'],
    ['a YouTube id with a character ids never have', 'https://youtu.be/dQw4w9WgX.Q'],
    ['a YouTube page that is not a video', 'https://www.youtube.com/@colegio'],
    ['a watch page without its id', 'https://www.youtube.com/watch'],
    ['a Vimeo page that is not a video', 'https://vimeo.com/colegio'],
    ['an address that names none of the three', `https://example.com/watch?v=${ID}`],
    ['a look-alike host', `https://www.youtube.com.example.com/watch?v=${ID}`],
    ['the video host only in the query', `https://example.com/?u=https://youtu.be/${ID}`],
    ['a script address', `javascript:alert(1)//youtube.com/watch?v=${ID}`],
    ['a data address', `data:text/html,youtube${ID}`],
    ['text that is not an address', `youtube ${ID}`],
    ['nothing', ''],
  ])('refuses %s', (_case, url) => {
    expect(parseVideoUrl(url)).toBeNull();
  });
});
