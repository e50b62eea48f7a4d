import { Label, ProgressBar as AriaProgressBar } from 'react-aria-components';

/** A labelled progress bar whose value a screen reader reads out (e.g. "Funding progress, 40%"). */
export function ProgressBar({ label, value, valueText }: { label: string; value: number; valueText?: string }) {
  const clamped = Math.max(0, Math.min(100, value));
  return (
    <AriaProgressBar value={clamped} valueLabel={valueText} className="flex flex-col gap-1">
      {({ percentage, valueText: text }) => (
        <>
          <div className="flex justify-between text-sm">
            <Label className="font-medium">{label}</Label>
            <span>{text}</span>
          </div>
          {/* The fill is drawn, not styled: an inline style is refused by the CSP in markup the server draws (decision 0022). */}
          <div className="h-3 overflow-hidden rounded-full border border-gray-500 bg-gray-100 dark:border-gray-400 dark:bg-gray-800">
            <svg
              aria-hidden="true"
              focusable="false"
              className="block size-full"
              viewBox="0 0 100 1"
              preserveAspectRatio="none"
            >
              <rect width={percentage} height="1" className="fill-brand-dark dark:fill-brand-light" />
            </svg>
          </div>
        </>
      )}
    </AriaProgressBar>
  );
}
