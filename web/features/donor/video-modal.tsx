import { ExternalLink, PlayCircle, X } from 'lucide-react';
import { Button as AriaButton, Dialog, DialogTrigger, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Button, buttonClass } from '@/ui/button';
import { embedUrl, openableUrl } from './video-embed';

/**
 * The 'Watch Video' button and its modal. Only YouTube and Vimeo players are framed; any other
 * address is offered as a link instead, so an unknown page never runs inside this site.
 */
export function VideoModal({ name, url }: { name: string; url: string }) {
  const title = `Thank-you video from ${name}`;
  const player = embedUrl(url);
  const link = openableUrl(url);
  return (
    <DialogTrigger>
      {/* The visible words start the accessible name, so speech users can say what they see. */}
      <AriaButton className={buttonClass('secondary', 'whitespace-nowrap')}>
        <PlayCircle aria-hidden="true" className="size-5 shrink-0" />
        <span>
          Watch thank-you video<span className="sr-only"> from {name}</span>
        </span>
      </AriaButton>
      <ModalOverlay isDismissable className="fixed inset-0 z-50 flex overflow-y-auto bg-gray-950/75 p-4">
        <Modal className="m-auto w-full max-w-3xl rounded-xl border border-gray-300 bg-white text-gray-900 shadow-xl dark:border-gray-600 dark:bg-gray-900 dark:text-gray-100">
          <Dialog className="p-4 outline-none sm:p-6">
            {({ close }) => (
              <>
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <Heading slot="title" level={2} className="min-w-0 text-xl font-bold wrap-anywhere sm:text-2xl">
                    {title}
                  </Heading>
                  <Button variant="secondary" onClick={close}>
                    <X aria-hidden="true" className="size-5" />
                    Close
                  </Button>
                </div>
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
              </>
            )}
          </Dialog>
        </Modal>
      </ModalOverlay>
    </DialogTrigger>
  );
}
