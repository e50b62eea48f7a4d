import { useState, useSyncExternalStore } from 'react';
import { useAfterFirstPaint } from './after-paint';

const noChanges = () => () => undefined;

/**
 * False while the server draws and while the browser hydrates that drawing, true in any other
 * render; a hydrated component renders again with true at once. For what the server must not draw
 * (a form whose script has not run cannot be sent safely) but a browser's own drawing shows at once,
 * such as the app's drawing of a light page it takes over.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );

/**
 * Whether a form the server leaves out (see `useHydrated`) is drawn now: at once in a drawing the
 * browser makes itself, such as the app's, and in one the server drew, in a task of its own after
 * the first paint that follows hydration, so hydrating and drawing the form are not one long block
 * of the main thread.
 */
export function useFormShown(): boolean {
  const hydrated = useHydrated();
  const [drawnByTheBrowser] = useState(hydrated);
  const painted = useAfterFirstPaint();
  return drawnByTheBrowser || painted;
}
