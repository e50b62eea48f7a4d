import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { tabClass, tabListClass } from './tabs';

type Tab<K extends string> = { id: K; label: string; panel: ReactNode };

const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * Tabs in plain markup, for a public page that should not download React Aria's tabs (decision
 * 0050): the ARIA tabs pattern as React Aria's `Tabs` renders it. One tab stop (the selected tab;
 * the others `tabindex=-1`), Left/Right move and select (wrapping round), Home/End go to the first
 * and last; each tab names its panel with `aria-controls` and the panel is labelled by its tab. Only
 * the selected panel is rendered, and it is a tab stop itself only while it holds nothing focusable.
 *
 * Its ids come from `id`, not `useId`: an island hydrated alone (decision 0058) would compute other
 * ids than the server drew, and the tabs name their panels by id.
 */
export function LightTabs<K extends string>({
  id: base,
  label,
  tabs,
  selected,
  onSelect,
  className,
}: {
  /** Unique on the page: the start of the tabs' and panels' ids. */
  id: string;
  label: string;
  tabs: ReadonlyArray<Tab<K>>;
  selected: K;
  onSelect: (id: K) => void;
  className?: string;
}) {
  const tabId = (id: K) => `${base}-tab-${id}`;
  const panelId = (id: K) => `${base}-panel-${id}`;
  const list = useRef<HTMLDivElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const [panelHasTabbable, setPanelHasTabbable] = useState(false);

  useEffect(() => {
    const el = panel.current;
    if (!el) return;
    const check = () => setPanelHasTabbable(el.querySelector(TABBABLE) !== null);
    check();
    const observer = new MutationObserver(check);
    observer.observe(el, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['disabled', 'tabindex'],
    });
    return () => observer.disconnect();
  }, [selected]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.findIndex((tab) => tab.id === selected);
    const to: Record<string, number> = {
      ArrowRight: (index + 1) % tabs.length,
      ArrowLeft: (index - 1 + tabs.length) % tabs.length,
      Home: 0,
      End: tabs.length - 1,
    };
    const next = tabs[to[event.key] ?? -1];
    if (!next) return;
    event.preventDefault();
    onSelect(next.id);
    list.current?.querySelector<HTMLElement>(`[id="${tabId(next.id)}"]`)?.focus();
  }

  const current = tabs.find((tab) => tab.id === selected);
  return (
    <div className={className}>
      <div
        ref={list}
        role="tablist"
        aria-label={label}
        aria-orientation="horizontal"
        onKeyDown={onKeyDown}
        className={tabListClass}
      >
        {tabs.map((tab) => (
          <button
            key={tab.id}
            type="button"
            role="tab"
            id={tabId(tab.id)}
            aria-selected={tab.id === selected}
            aria-controls={tab.id === selected ? panelId(tab.id) : undefined}
            tabIndex={tab.id === selected ? 0 : -1}
            onClick={() => onSelect(tab.id)}
            className={tabClass({ isSelected: tab.id === selected })}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {current ? (
        <div
          ref={panel}
          role="tabpanel"
          id={panelId(current.id)}
          aria-labelledby={tabId(current.id)}
          tabIndex={panelHasTabbable ? undefined : 0}
          className="pt-6"
        >
          {current.panel}
        </div>
      ) : null}
    </div>
  );
}
