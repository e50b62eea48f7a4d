import { describe, expect, it } from 'vitest';
import { embedUrl, openableUrl } from './video';

const ID = 'dQw4w9WgXcQ';
const YT = `https://www.youtube-nocookie.com/embed/${ID}`;

describe('embedUrl', () => {
  it.each([
    `https://www.youtube.com/watch?v=${ID}`,
    `https://youtube.com/watch?v=${ID}`,
    `https://m.youtube.com/watch?v=${ID}&t=42s`,
    `http://www.youtube.com/watch?feature=share&v=${ID}`,
    `https://youtu.be/${ID}`,
    `https://youtu.be/${ID}?si=abc123`,
    `https://www.youtube.com/embed/${ID}`,
    `https://www.youtube-nocookie.com/embed/${ID}`,
    `https://www.youtube.com/shorts/${ID}`,
    `  https://YOUTU.BE/${ID}  `,
  ])('turns the YouTube link %s into a privacy-enhanced player', (url) => {
    expect(embedUrl(url)).toBe(YT);
  });

  it.each([
    ['https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871'],
    ['https://www.vimeo.com/76979871', 'https://player.vimeo.com/video/76979871'],
    ['https://vimeo.com/76979871?share=copy', 'https://player.vimeo.com/video/76979871'],
    ['https://player.vimeo.com/video/76979871', 'https://player.vimeo.com/video/76979871'],
    ['https://vimeo.com/76979871/a1b2c3d4e5', 'https://player.vimeo.com/video/76979871?h=a1b2c3d4e5'],
  ])('turns the Vimeo link %s into %s', (url, expected) => {
    expect(embedUrl(url)).toBe(expected);
  });

  it.each([
    ['another video host', 'https://www.dailymotion.com/video/x7tgad0'],
    ['a plain file', 'https://example.com/thanks.mp4'],
    ['a look-alike YouTube host', `https://youtube.com.evil.example/watch?v=${ID}`],
    ['a look-alike youtu.be host', `https://youtu.be.evil.example/${ID}`],
    ['a host ending in youtube.com', `https://notyoutube.com/watch?v=${ID}`],
    ['a look-alike Vimeo host', 'https://vimeo.com.evil.example/76979871'],
    ['a host ending in vimeo.com', 'https://evilvimeo.com/76979871'],
    ['YouTube as a user name in front of another host', `https://youtube.com@evil.example/watch?v=${ID}`],
    ['credentials in front of YouTube', `https://user:pass@www.youtube.com/watch?v=${ID}`],
    ['an unusual port', `https://www.youtube.com:8443/watch?v=${ID}`],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a javascript: URL naming YouTube', `javascript://www.youtube.com/watch?v=${ID}%0Aalert(1)`],
    ['a data: URL', 'data:text/html,<script>alert(1)</script>'],
    ['an ftp URL', `ftp://www.youtube.com/watch?v=${ID}`],
    ['a protocol-relative URL', `//www.youtube.com/watch?v=${ID}`],
    ['a URL without a scheme', `www.youtube.com/watch?v=${ID}`],
    ['an empty string', ''],
    ['text that is not a URL', 'not a url'],
    ['a malformed URL', 'https://'],
    ['a broken host', 'https://exa mple.com/video'],
    ['a YouTube page that is not a video', 'https://www.youtube.com/@giftofindependence'],
    ['a watch page without an id', 'https://www.youtube.com/watch'],
    ['a YouTube id of the wrong length', 'https://youtu.be/abc'],
    ['a YouTube id with bad characters', 'https://www.youtube.com/watch?v=dQw4w9W"><x'],
    ['a YouTube id carrying a path', `https://www.youtube.com/embed/${ID}/../../evil`],
    ['a Vimeo page that is not a video', 'https://vimeo.com/channels/staffpicks'],
    ['a Vimeo id that is not a number', 'https://vimeo.com/abc'],
    ['a Vimeo link with a bad privacy hash', 'https://vimeo.com/76979871/"onload=x'],
  ])('refuses %s', (_label, url) => {
    expect(embedUrl(url)).toBeNull();
  });
});

describe('openableUrl', () => {
  it('keeps web links', () => {
    expect(openableUrl('https://example.com/thanks.mp4')).toBe('https://example.com/thanks.mp4');
    expect(openableUrl('http://example.com/a b')).toBe('http://example.com/a%20b');
  });

  it.each(['javascript:alert(1)', ' JavaScript:alert(1)', 'data:text/html,hi', 'vbscript:msgbox(1)', 'not a url', ''])(
    'refuses %s',
    (url) => {
      expect(openableUrl(url)).toBeNull();
    },
  );
});
