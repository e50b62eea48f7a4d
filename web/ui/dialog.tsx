import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Button } from './button';

const widths = { sm: 'max-w-md', md: 'max-w-lg', lg: 'max-w-3xl' } as const;

/**
 * The one modal dialog: one backdrop, one panel, the heading as the dialog's name, Escape and a
 * click outside close it (unless `dismissable` is false, as while a payment runs), focus is held
 * inside and returns to whatever opened it. Inside a React Aria `DialogTrigger` it opens from the
 * trigger; otherwise pass `isOpen` and `onOpenChange`. `role="alertdialog"` for a message that
 * needs an answer. `closeButton` adds a visible Close button beside the heading.
 */
export function ModalDialog({
  title,
  icon,
  isOpen,
  onOpenChange,
  dismissable = true,
  size = 'md',
  role = 'dialog',
  closeButton = false,
  describedBy,
  portalContainer,
  children,
}: {
  title: ReactNode;
  icon?: ReactNode;
  isOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  dismissable?: boolean;
  size?: keyof typeof widths;
  role?: 'dialog' | 'alertdialog';
  closeButton?: boolean;
  describedBy?: string;
  /**
   * Where the dialog is placed, for one that may open over another modal (the step-up check,
   * docs/decisions/0071): a container marked `data-react-aria-top-layer`, which the open modal
   * leaves visible to assistive technology.
   */
  portalContainer?: Element;
  children: ReactNode | ((close: () => void) => ReactNode);
}) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={dismissable}
      isKeyboardDismissDisabled={!dismissable}
      UNSTABLE_portalContainer={portalContainer}
      className="fixed inset-0 z-50 flex overflow-y-auto bg-gray-950/75 p-4"
    >
      <Modal
        className={`m-auto w-full ${widths[size]} rounded-xl border-2 border-gray-300 bg-white text-gray-900 shadow-xl dark:border-gray-600 dark:bg-gray-900 dark:text-gray-100`}
      >
        <Dialog role={role} aria-describedby={describedBy} className="p-5 outline-none sm:p-6">
          {({ close }) => (
            <>
              <div className="flex flex-wrap items-start justify-between gap-3">
                <Heading
                  slot="title"
                  level={2}
                  className="flex min-w-0 items-center gap-2 text-xl font-bold wrap-anywhere sm:text-2xl"
                >
                  {icon}
                  {title}
                </Heading>
                {closeButton ? (
                  <Button variant="secondary" onClick={close}>
                    <X aria-hidden="true" className="size-5" />
                    Close
                  </Button>
                ) : null}
              </div>
              {typeof children === 'function' ? children(close) : children}
            </>
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
