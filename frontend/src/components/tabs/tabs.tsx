import * as RadixTabs from '@radix-ui/react-tabs';
import { useEffect, useRef, useState, type ReactNode } from 'react';
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

/**
 * Radix's tabs (WAI-ARIA tabs with automatic activation: arrow keys, Home and End move between tabs, Tab goes into the
 * panel). Every panel stays mounted, hidden while its tab is not selected, so a half-filled form keeps what was typed.
 */
export function Tabs({ label, tabs, selectedKey: controlledKey, onSelect }: TabsProps) {
  const [ownKey, setOwnKey] = useState(tabs[0]?.key);
  const selectedKey = controlledKey ?? ownKey;
  const shownKey = useRef(selectedKey);
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());

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

  return (
    <RadixTabs.Root className="tabs" value={selectedKey} onValueChange={onSelect ?? setOwnKey}>
      <RadixTabs.List aria-label={label} className="tabs__list">
        {tabs.map((tab) => (
          <RadixTabs.Trigger
            key={tab.key}
            value={tab.key}
            className="tabs__tab"
            ref={(element) => {
              if (element === null) tabRefs.current.delete(tab.key);
              else tabRefs.current.set(tab.key, element);
            }}
          >
            {tab.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {tabs.map((tab) => (
        <RadixTabs.Content key={tab.key} value={tab.key} forceMount asChild>
          {/* Radix shows a panel it is told to keep mounted; the hidden attribute (the child's, which wins) hides it. */}
          <div className="tabs__panel" hidden={tab.key !== selectedKey}>
            {tab.content}
          </div>
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  );
}
