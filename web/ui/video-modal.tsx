import { ExternalLink, PlayCircle } from 'lucide-react';
import { Button as AriaButton, DialogTrigger } from 'react-aria-components';
import { embedUrl, openableUrl } from '@/lib/video';
import { buttonClass } from './button';
import { ModalDialog } from './dialog';

/** The words of each kind of video: a recipient's thanks, or the proof an organization's units were handed over. */
const KINDS = {
  thanks: { named: 'Thank-you video from', own: 'Your thank-you video', watch: 'thank-you video', by: 'from' },
  delivery: { named: 'Delivery video for', own: 'Delivery video', watch: 'delivery video', by: 'for' },
} as const;

/**
 * The 'Watch Video' button and its modal. Only YouTube and Vimeo players are framed; any other
 * address is offered as a link instead, so an unknown page never runs inside this site.
 */
export function VideoModal({ name, url, kind = 'thanks' }: { name?: string; url: string; kind?: keyof typeof KINDS }) {
  const words = KINDS[kind];
  // A donor watches the video of the person they helped; a recipient watches their own.
  const title = name ? `${words.named} ${name}` : words.own;
  const player = embedUrl(url);
  const link = openableUrl(url);
  return (
    <DialogTrigger>
      {/* The visible words start the accessible name, so speech users can say what they see. */}
      <AriaButton className={buttonClass('secondary', 'whitespace-nowrap')}>
        <PlayCircle aria-hidden="true" className="size-5 shrink-0" />
        <span>
          Watch {name || kind === 'delivery' ? words.watch : 'your thank-you video'}
          {name ? (
            <span className="sr-only">
              {' '}
              {words.by} {name}
            </span>
          ) : null}
        </span>
      </AriaButton>
      <ModalDialog title={title} size="lg" closeButton>
        {player ? (
          <iframe
            src={player}
            title={title}
            allow="fullscreen"
            referrerPolicy="strict-origin-when-cross-origin"
            className="mt-4 aspect-video w-full rounded-lg border-0 bg-black"
          />
        ) : (
          <p className="mt-4 text-gray-800 dark:text-gray-200">
            {link
              ? 'This video is hosted on another site, so it opens there.'
              : 'This video link cannot be opened. Please contact support and we will send it to you.'}
          </p>
        )}
        {link ? (
          <p className="mt-4">
            <a
              href={link}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex min-h-11 items-center gap-2 font-semibold text-brand-dark underline dark:text-orange-300"
            >
              Open the video in a new tab
              <ExternalLink aria-hidden="true" className="size-4 shrink-0" />
            </a>
          </p>
        ) : null}
      </ModalDialog>
    </DialogTrigger>
  );
}
