const YOUTUBE_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
]);
const VIMEO_HOSTS = new Set(['vimeo.com', 'www.vimeo.com']);

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^[0-9]{1,12}$/;
const VIMEO_HASH = /^[0-9a-f]{6,32}$/i;

function parseWebUrl(raw: string): URL | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  // Credentials or an unusual port mean the link is not a plain video page.
  if (url.username || url.password || url.port) return null;
  return url;
}

function pathParts(url: URL): string[] {
  return url.pathname.split('/').filter(Boolean);
}

function youtubeId(url: URL): string | null {
  const host = url.hostname.toLowerCase();
  const parts = pathParts(url);
  let id: string | null | undefined = null;
  if (host === 'youtu.be') {
    id = parts.length === 1 ? parts[0] : null;
  } else if (YOUTUBE_HOSTS.has(host)) {
    if (parts.length === 1 && parts[0] === 'watch') id = url.searchParams.get('v');
    else if (parts.length === 2 && (parts[0] === 'embed' || parts[0] === 'shorts' || parts[0] === 'live'))
      id = parts[1];
  }
  return id && YOUTUBE_ID.test(id) ? id : null;
}

function vimeoPlayerUrl(url: URL): string | null {
  const host = url.hostname.toLowerCase();
  const parts = pathParts(url);
  let id: string | undefined;
  let hash: string | null | undefined;
  if (VIMEO_HOSTS.has(host) && (parts.length === 1 || parts.length === 2)) {
    [id, hash] = parts;
  } else if (host === 'player.vimeo.com' && parts.length === 2 && parts[0] === 'video') {
    id = parts[1];
    hash = url.searchParams.get('h');
  } else {
    return null;
  }
  if (!id || !VIMEO_ID.test(id)) return null;
  if (hash && !VIMEO_HASH.test(hash)) return null;
  // Unlisted Vimeo videos only play with their privacy hash.
  return `https://player.vimeo.com/video/${id}${hash ? `?h=${hash}` : ''}`;
}

/**
 * The player address to show in a frame, or null when the link is not a YouTube or Vimeo video.
 * The result is rebuilt from a checked video id, never copied from the input, so nothing else can
 * reach the frame.
 */
export function embedUrl(url: string): string | null {
  const parsed = parseWebUrl(url);
  if (!parsed) return null;
  const id = youtubeId(parsed);
  if (id) return `https://www.youtube-nocookie.com/embed/${id}`;
  return vimeoPlayerUrl(parsed);
}

/** The link itself when it is safe to open in a new tab (http or https only), else null. */
export function openableUrl(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return null;
  }
  return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
}
