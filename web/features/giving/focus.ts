/** Focuses and centres an element, so the sticky header cannot cover what just received focus. */
export function focusCentered(el: HTMLElement | null | undefined): void {
  if (!el) return;
  el.focus({ preventScroll: true });
  el.scrollIntoView({ block: 'center' });
}
