import { useSyncExternalStore } from 'react';

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
