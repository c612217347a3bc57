import * as Dialog from '@radix-ui/react-dialog';
import * as Tabs from '@radix-ui/react-tabs';
import { useRef, useState, type ReactNode } from 'react';
import { useFavoritesStore } from '@prompt-perfect/shared/stores/favoritesStore';
import { CloseIcon, GearIcon, HelpIcon, StarIcon } from '../../ui/icons';
import sheet from '../../ui/sheet.module.css';
import ui from '../../ui/ui.module.css';
import { FavoritesTab } from './FavoritesTab';
import { HelpTab } from './HelpTab';
import { SettingsTab } from './SettingsTab';
import styles from './SidePanel.module.css';

export type PanelTab = 'favorites' | 'settings' | 'help';

const TABS: Array<{ id: PanelTab; label: string; icon: ReactNode }> = [
  { id: 'favorites', label: 'Favorites', icon: <StarIcon /> },
  { id: 'settings', label: 'Settings', icon: <GearIcon /> },
  { id: 'help', label: 'Help', icon: <HelpIcon /> },
];

/** Right-side icon buttons that open a slide-over with the favorites, settings and help tabs. */
export function SidePanel({ onOpenProgress }: { onOpenProgress?: () => void }) {
  const [tab, setTab] = useState<PanelTab | null>(null);
  const count = useFavoritesStore((s) => s.favorites.length);
  const opener = useRef<HTMLButtonElement | null>(null);
  // "View progress" in Help closes this panel first, then opens the shell's Your Progress modal
  // once focus is back on the rail (so that modal hands focus back there when it closes).
  const progressAfterClose = useRef(false);
  return (
    <Dialog.Root open={tab !== null} onOpenChange={(open) => !open && setTab(null)}>
      <nav className={styles.rail} aria-label="Workspace panels">
        {TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            className={`${ui.iconButton} ${styles.railButton}`}
            onClick={(e) => {
              opener.current = e.currentTarget;
              setTab(t.id);
            }}
          >
            {t.icon}
            <span className={styles.railLabel}>{t.label}</span>
            {t.id === 'favorites' && count > 0 && (
              <span className={styles.count} aria-hidden="true">
                {count}
              </span>
            )}
          </button>
        ))}
      </nav>
      <Dialog.Portal>
        <Dialog.Overlay className={sheet.overlay} />
        <Dialog.Content
          className={sheet.sheet}
          aria-describedby={undefined}
          onCloseAutoFocus={(e) => {
            // No Dialog.Trigger: return focus to the rail button that opened the panel.
            if (opener.current?.isConnected) {
              e.preventDefault();
              opener.current.focus();
            }
            if (progressAfterClose.current) {
              progressAfterClose.current = false;
              onOpenProgress?.();
            }
          }}
        >
          <div className={sheet.sheetHead}>
            <Dialog.Title className={sheet.title}>Workspace panel</Dialog.Title>
            <Dialog.Close className={ui.ghost} aria-label="Close">
              <CloseIcon />
            </Dialog.Close>
          </div>
          <Tabs.Root value={tab ?? 'favorites'} onValueChange={(v) => setTab(v as PanelTab)} className={sheet.tabs}>
            <Tabs.List className={sheet.tabList} aria-label="Panel sections">
              {TABS.map((t) => (
                <Tabs.Trigger key={t.id} value={t.id} className={sheet.tab}>
                  {t.label}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            <Tabs.Content value="favorites" className={sheet.tabPanel}>
              <FavoritesTab onUsed={() => setTab(null)} />
            </Tabs.Content>
            <Tabs.Content value="settings" className={sheet.tabPanel}>
              <SettingsTab />
            </Tabs.Content>
            <Tabs.Content value="help" className={sheet.tabPanel}>
              <HelpTab
                onOpenProgress={
                  onOpenProgress &&
                  (() => {
                    progressAfterClose.current = true;
                    setTab(null);
                  })
                }
              />
            </Tabs.Content>
          </Tabs.Root>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
