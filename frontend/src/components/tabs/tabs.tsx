import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import './tabs.css';

export interface TabItem {
  key: string;
  label: string;
  content: ReactNode;
}

interface TabsProps {
  label: string;
  tabs: TabItem[];
  /** Given with onSelect, the caller decides which tab shows (a screen that switches tabs itself); otherwise the tabs keep it. */
  selectedKey?: string;
  onSelect?: (key: string) => void;
}

/** WAI-ARIA tabs with automatic activation: arrow keys, Home and End move between tabs, Tab goes into the panel. */
export function Tabs({ label, tabs, selectedKey: controlledKey, onSelect }: TabsProps) {
  const baseId = useId();
  const [ownKey, setOwnKey] = useState(tabs[0]?.key);
  const selectedKey = controlledKey ?? ownKey;
  const setSelectedKey = (key: string) => (onSelect ?? setOwnKey)(key);
  const shownKey = useRef(selectedKey);

  // A panel's own action may switch tabs (a form showing the list once saved): focus would stay behind in the hidden panel.
  useEffect(() => {
    if (shownKey.current === selectedKey) return;
    shownKey.current = selectedKey;
    const focused = document.activeElement;
    if (
      selectedKey !== undefined &&
      (focused === null || focused === document.body || focused.closest('[role="tabpanel"][hidden]') !== null)
    ) {
      tabRefs.current.get(selectedKey)?.focus();
    }
  }, [selectedKey]);
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());

  const select = (index: number) => {
    const tab = tabs[(index + tabs.length) % tabs.length];
    if (tab === undefined) return;
    setSelectedKey(tab.key);
    tabRefs.current.get(tab.key)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: tabs.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(target);
  };

  return (
    <div className="tabs">
      <div role="tablist" aria-label={label} className="tabs__list">
        {tabs.map((tab, index) => {
          const selected = tab.key === selectedKey;
          return (
            <button
              key={tab.key}
              ref={(element) => {
                if (element === null) tabRefs.current.delete(tab.key);
                else tabRefs.current.set(tab.key, element);
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${tab.key}`}
              className="tabs__tab"
              aria-selected={selected}
              aria-controls={`${baseId}-panel-${tab.key}`}
              tabIndex={selected ? 0 : -1}
              onClick={() => setSelectedKey(tab.key)}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.key}
          role="tabpanel"
          id={`${baseId}-panel-${tab.key}`}
          aria-labelledby={`${baseId}-tab-${tab.key}`}
          className="tabs__panel"
          hidden={tab.key !== selectedKey}
          tabIndex={0}
        >
          {tab.content}
        </div>
      ))}
    </div>
  );
}
