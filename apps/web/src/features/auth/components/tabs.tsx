import { type KeyboardEvent, type ReactNode, useRef } from 'react';

export type TabsProps<T extends string> = {
  /** Accessible name of the tab list. */
  label: string;
  tabs: { id: T; label: string }[];
  value: T;
  onChange: (id: T) => void;
  /** Prefix for the tab and panel ids (aria-controls / aria-labelledby). */
  idBase: string;
};

export const tabId = (idBase: string, id: string) => `${idBase}-tab-${id}`;
export const panelId = (idBase: string) => `${idBase}-panel`;

/**
 * WAI-ARIA tabs: arrow keys, Home and End move between tabs (and select
 * them), one tab stop for the whole list.
 */
export function Tabs<T extends string>({ label, tabs, value, onChange, idBase }: TabsProps<T>) {
  const list = useRef<HTMLDivElement>(null);
  const move = (e: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((t) => t.id === value);
    const next =
      e.key === 'ArrowRight'
        ? (index + 1) % tabs.length
        : e.key === 'ArrowLeft'
          ? (index - 1 + tabs.length) % tabs.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? tabs.length - 1
              : -1;
    const tab = tabs[next];
    if (!tab) return;
    e.preventDefault();
    onChange(tab.id);
    list.current?.querySelector<HTMLElement>(`#${CSS.escape(tabId(idBase, tab.id))}`)?.focus();
  };
  return (
    <div ref={list} className="auth-tabs" role="tablist" aria-label={label} onKeyDown={move}>
      {tabs.map((tab) => (
        <button
          key={tab.id}
          id={tabId(idBase, tab.id)}
          type="button"
          role="tab"
          className="auth-tab"
          aria-selected={tab.id === value}
          aria-controls={panelId(idBase)}
          tabIndex={tab.id === value ? 0 : -1}
          onClick={() => onChange(tab.id)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}

/** The panel of the selected tab; without tabs (one method only) just a plain wrapper. */
export function TabPanel({ idBase, value, withTabs, children }: { idBase: string; value: string; withTabs: boolean; children: ReactNode }) {
  if (!withTabs) return <div className="auth-panel">{children}</div>;
  return (
    <div role="tabpanel" id={panelId(idBase)} aria-labelledby={tabId(idBase, value)} className="auth-panel">
      {children}
    </div>
  );
}
