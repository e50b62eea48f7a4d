import { useEffect, useState } from 'react';

/**
 * False until the browser has painted once after the calling component mounted, then true; in a
 * background tab, which paints nothing until it is shown, true right after the mount's task. Code
 * that a page needs only on demand (a dialog, a form that can follow its heading) is requested once
 * the page is on screen, so its download never competes with what the visitor is waiting to see.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const afterThisTask = () => {
      timer = setTimeout(() => setPainted(true), 0);
    };
    // A page in a background tab paints nothing and gets no frames: it need not wait for one.
    if (document.visibilityState === 'hidden') {
      afterThisTask();
      return () => clearTimeout(timer);
    }
    // A frame callback runs just before the paint; a task queued from it runs after.
    const frame = requestAnimationFrame(afterThisTask);
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, []);
  return painted;
}
