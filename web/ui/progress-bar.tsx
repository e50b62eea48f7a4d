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
          <div className="h-3 overflow-hidden rounded-full border border-gray-500 bg-gray-100 dark:border-gray-400 dark:bg-gray-800">
            <div className="h-full rounded-full bg-brand-dark dark:bg-brand-light" style={{ width: `${percentage}%` }} />
          </div>
        </>
      )}
    </AriaProgressBar>
  );
}
