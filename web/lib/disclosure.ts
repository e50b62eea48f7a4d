import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useLinkKit } from './link-kit';

/**
 * A menu shown and hidden by a button (the header's menu, an area's sidebar on a phone): closed on
 * each navigation, and Escape anywhere inside closes it and returns focus to the button. Spread
 * `buttonProps` on the button and put `onKeyDown` on the element holding both.
 */
export function useDisclosure() {
  const [open, setOpen] = useState(false);
  const id = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const locationKey = useLinkKit().useLocationKey();

  useEffect(() => setOpen(false), [locationKey]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    event.preventDefault();
    setOpen(false);
    buttonRef.current?.focus();
  };

  const buttonProps = {
    ref: buttonRef,
    type: 'button' as const,
    'aria-expanded': open,
    'aria-controls': id,
    onClick: () => setOpen((o) => !o),
  };
  return { open, id, onKeyDown, buttonProps };
}
