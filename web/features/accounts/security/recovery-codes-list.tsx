import { Download } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { saveBlob } from '@/lib/save-file';
import { Button } from '@/ui/button';

/** Each character apart, so a screen reader reads a code letter by letter instead of as a word. */
export const spelledOut = (text: string) => text.replaceAll('-', '').split('').join(' ');

/**
 * Ten new recovery codes, shown once (docs/decisions/0072): a list, each code also spelled out for a
 * screen reader, a download as a text file, and "I have saved them". The heading takes focus when
 * they appear, so the person hears what they are.
 */
export function RecoveryCodesList({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div className="space-y-4 rounded-lg border-2 border-gray-700 p-4 dark:border-gray-300">
      <h3 ref={headingRef} tabIndex={-1} className="text-xl font-bold outline-none">
        Your recovery codes
      </h3>
      <p>
        If you lose your phone or passkey, each of these codes signs you in once. Save them somewhere safe now: they are
        not shown again. A new set replaces these.
      </p>
      <ol className="grid gap-2 font-mono text-lg sm:grid-cols-2">
        {codes.map((code) => (
          <li key={code}>
            <span aria-hidden="true">{code}</span>
            <span className="sr-only">{spelledOut(code)}</span>
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-3">
        <Button
          variant="secondary"
          onClick={() =>
            saveBlob(
              new Blob([`Gift of Independence recovery codes\n\n${codes.join('\n')}\n`], { type: 'text/plain' }),
              'gift-of-independence-recovery-codes.txt',
            )
          }
        >
          <Download aria-hidden="true" className="size-5" />
          Download the codes
        </Button>
        <Button onClick={onDone}>I have saved them</Button>
      </div>
    </div>
  );
}
