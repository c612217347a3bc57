import { type KeyboardEvent, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { OrgSummary } from '@prompt-perfect/core/api/orgs';
import { roleAllows } from '@prompt-perfect/core/api/orgs';
import { useAuthStore } from '@prompt-perfect/shared/auth/authStore';
import { chooseSpace } from '@prompt-perfect/shared/orgs/chosenSpace';
import { spaceStore } from '@prompt-perfect/shared/orgs/spaceStore';
import { useSpace } from '@prompt-perfect/shared/orgs/useSpace';
import { CreateOrgDialog } from '../orgs/CreateOrgDialog';
import { type MenuAlignment, menuAlignment } from './menuAlignment';
import styles from './SpaceSwitcher.module.css';

/** How long a confirmation stays under the switcher. */
const MESSAGE_MS = 6000;

interface Item {
  key: string;
  label: string;
  detail?: string;
  checked?: boolean;
  run: () => void;
}

/**
 * The header's space menu (a WAI-ARIA menu button): the personal space, the person's
 * organizations, and for the active one its members and audit pages; "Create organization…".
 */
export function SpaceSwitcher() {
  const { activeOrg, orgs, arrived } = useSpace();
  const userId = useAuthStore((state) => state.user?.id);
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [creating, setCreating] = useState(false);
  const [focused, setFocused] = useState(0);
  const [alignment, setAlignment] = useState<MenuAlignment>('end');
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const created = useRef<string | null>(null);
  const [message, setMessage] = useState('');

  // A new organization in the list says so once: made here, or joined through an invitation.
  useEffect(() => {
    if (!arrived) return;
    setMessage(
      created.current === arrived.id
        ? `Created ${arrived.name}. You are working in it now.`
        : `You joined ${arrived.name}.`,
    );
    spaceStore.setState({ arrived: undefined });
  }, [arrived]);

  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(''), MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [message]);

  const pick = (org: OrgSummary | null) => {
    if (userId) chooseSpace(userId, org);
  };
  const items: Item[] = [
    { key: 'personal', label: 'Personal', checked: activeOrg === null, run: () => pick(null) },
    ...orgs.map((org) => ({
      key: org.id,
      label: org.name,
      detail: org.role,
      checked: activeOrg?.id === org.id,
      run: () => pick(org),
    })),
  ];
  const actions: Item[] = [];
  if (activeOrg) {
    const slug = encodeURIComponent(activeOrg.slug);
    actions.push({ key: 'members', label: 'Members', run: () => navigate(`/orgs/${slug}/members`) });
    if (roleAllows(activeOrg.role, 'audit.read'))
      actions.push({ key: 'audit', label: 'Audit log', run: () => navigate(`/orgs/${slug}/audit`) });
  }
  actions.push({ key: 'create', label: 'Create organization…', run: () => setCreating(true) });
  const all = [...items, ...actions];

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };
  const openAt = (index: number) => {
    setFocused((index + all.length) % all.length);
    setOpen(true);
  };

  useLayoutEffect(() => {
    if (!open || !button.current || !menu.current) return;
    setAlignment(
      menuAlignment(
        button.current.getBoundingClientRect(),
        menu.current.offsetWidth,
        document.documentElement.clientWidth,
      ),
    );
  }, [open]);

  useEffect(() => {
    if (open) menu.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]')[focused]?.focus();
  }, [open, focused]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown') openAt(0);
    else if (event.key === 'ArrowUp') openAt(all.length - 1);
    else return;
    event.preventDefault();
  };

  const onMenuKey = (event: KeyboardEvent) => {
    const moves: Record<string, number> = { ArrowDown: focused + 1, ArrowUp: focused - 1, Home: 0, End: -1 };
    const move = moves[event.key];
    if (move !== undefined) {
      event.preventDefault();
      setFocused((move + all.length) % all.length);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') {
      // From the button, so Tab goes on to what follows it rather than to the top of the page.
      close(true);
    }
  };

  const run = (item: Item) => {
    close(true);
    item.run();
  };

  const itemProps = (item: Item, index: number) => ({
    type: 'button' as const,
    tabIndex: index === focused ? 0 : -1,
    className: styles.item,
    onClick: () => run(item),
    onMouseEnter: () => setFocused(index),
  });
  const content = (item: Item) => (
    <>
      <span className={styles.check} aria-hidden="true">
        {item.checked ? '✓' : ''}
      </span>
      <span className={styles.itemLabel}>{item.label}</span>
      {item.detail && <span className={styles.role}>{item.detail}</span>}
    </>
  );

  const spaceName = activeOrg ? `${activeOrg.name}, ${activeOrg.role}` : 'Personal';
  return (
    <div className={styles.switcher}>
      <button
        ref={button}
        type="button"
        className={styles.trigger}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={`Space: ${spaceName}`}
        title={spaceName}
        onClick={() => (open ? close(false) : openAt(items.findIndex((item) => item.checked)))}
        onKeyDown={onButtonKey}
      >
        <span className={styles.triggerName}>{activeOrg ? activeOrg.name : 'Personal'}</span>
        {activeOrg && <span className={styles.role}>{activeOrg.role}</span>}
        <span className={styles.caret} aria-hidden="true">
          ▾
        </span>
      </button>
      {open && (
        <div
          ref={menu}
          id={menuId}
          role="menu"
          aria-label="Switch space"
          className={alignment === 'start' ? `${styles.menu} ${styles.menuStart}` : styles.menu}
          onKeyDown={onMenuKey}
        >
          {/* biome-ignore lint/a11y/useSemanticElements: a group inside an ARIA menu. */}
          <div role="group" aria-label="Spaces">
            {items.map((item, i) => (
              <button key={item.key} {...itemProps(item, i)} role="menuitemradio" aria-checked={item.checked}>
                {content(item)}
              </button>
            ))}
          </div>
          <hr className={styles.separator} />
          {actions.map((item, i) => (
            <button key={item.key} {...itemProps(item, items.length + i)} role="menuitem">
              {content(item)}
            </button>
          ))}
        </div>
      )}
      <p role="status" className={message ? styles.message : styles.messageIdle}>
        {message}
      </p>
      <CreateOrgDialog
        open={creating}
        onOpenChange={setCreating}
        onCreated={(org) => {
          created.current = org.id;
          pick(org);
        }}
      />
    </div>
  );
}
