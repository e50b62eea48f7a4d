import { useRef, useState } from 'react';
import { announce } from '@/lib/announce';
import { ProgressBar } from '@/ui/progress-bar';

export type Progress = { name: string; percent: number };

/**
 * The progress of each file being sent: a bar a screen reader can read at any moment, and a spoken
 * update at the start, halfway and the end (not every percent, which would drown everything out).
 */
export function useUploadProgress() {
  const [items, setItems] = useState<Record<string, Progress>>({});
  const spoken = useRef<Record<string, number>>({});
  const report = (id: string, name: string, percent: number) => {
    setItems((all) => ({ ...all, [id]: { name, percent } }));
    const step = percent >= 100 ? 100 : percent >= 50 ? 50 : 0;
    if (spoken.current[id] === undefined || step > spoken.current[id]!) {
      spoken.current[id] = step;
      announce(step === 100 ? `${name} uploaded.` : step === 0 ? `Uploading ${name}.` : `${name}: half uploaded.`);
    }
  };
  const reset = () => {
    spoken.current = {};
    setItems({});
  };
  return { items, report, reset };
}

export function UploadProgressList({ items }: { items: Record<string, Progress> }) {
  const entries = Object.entries(items);
  if (!entries.length) return null;
  return (
    <div className="space-y-3 rounded-lg border-2 border-gray-300 p-4 dark:border-gray-600">
      {entries.map(([id, item]) => (
        <ProgressBar key={id} label={`Uploading ${item.name}`} value={item.percent} valueText={`${item.percent}%`} />
      ))}
    </div>
  );
}
