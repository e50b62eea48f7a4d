import { useId } from 'react';

/**
 * A labelled progress bar whose value a screen reader reads out (e.g. "Funding progress, 40%"). Plain
 * markup with the progressbar role: it is drawn on every public page, which need no widget code for
 * it (decision 0050).
 */
export function ProgressBar({ label, value, valueText }: { label: string; value: number; valueText?: string }) {
  const labelId = useId();
  const clamped = Math.max(0, Math.min(100, value));
  const text = valueText ?? `${Math.round(clamped)}%`;
  return (
    <div
      role="progressbar"
      aria-labelledby={labelId}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={clamped}
      aria-valuetext={text}
      className="flex flex-col gap-1"
    >
      <div className="flex justify-between text-sm">
        <span id={labelId} className="font-medium">
          {label}
        </span>
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
          <rect width={clamped} height="1" className="fill-brand-dark dark:fill-brand-light" />
        </svg>
      </div>
    </div>
  );
}
