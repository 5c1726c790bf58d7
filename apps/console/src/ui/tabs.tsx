import { type KeyboardEvent, type ReactNode, useRef } from 'react';

/**
 * A tab list and its one panel (the WAI-ARIA tabs pattern): the selected tab is the one stop for Tab, the arrow keys
 * move between tabs and select them, Home and End go to the first and last. `id` names the tabs
 * (`<id>-tab-<name>`) and the panel (`<id>-panel`).
 */
export function Tabs<T extends string>({
  id,
  label,
  tabs,
  selected,
  onSelect,
  labelOf,
  children,
  panelClassName = 'stack',
}: {
  id: string;
  label: string;
  tabs: readonly T[];
  selected: T;
  onSelect: (tab: T) => void;
  labelOf: (tab: T) => string;
  children: ReactNode;
  panelClassName?: string;
}) {
  const list = useRef<HTMLDivElement>(null);
  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = tabs.indexOf(selected);
    const next =
      event.key === 'ArrowRight'
        ? (at + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (at - 1 + tabs.length) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? tabs.length - 1
              : -1;
    if (next < 0) return;
    event.preventDefault();
    onSelect(tabs[next] as T);
    list.current?.querySelector<HTMLButtonElement>(`#${CSS.escape(`${id}-tab-${tabs[next]}`)}`)?.focus();
  };
  return (
    <>
      <div className="tabs" role="tablist" aria-label={label} ref={list} onKeyDown={move}>
        {tabs.map((tab) => (
          <button
            key={tab}
            type="button"
            role="tab"
            className="tab"
            id={`${id}-tab-${tab}`}
            aria-controls={`${id}-panel`}
            aria-selected={tab === selected}
            tabIndex={tab === selected ? 0 : -1}
            onClick={() => onSelect(tab)}
          >
            {labelOf(tab)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${selected}`} className={panelClassName}>
        {children}
      </div>
    </>
  );
}
