import * as Dialog from '@radix-ui/react-dialog';
import type { CSSProperties, ReactNode } from 'react';
import dialog from '@prompt-perfect/shared/styles/dialog.module.css';
import { CloseIcon } from './icons';
import ui from './ui.module.css';

/** For a sheet whose content is read side by side, e.g. a word diff of two versions. */
export const WIDE_SHEET = '64rem';

interface SideSheetProps {
  title: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The small button that opens the sheet; none when something else opens it. */
  opener?: { label: string; disabled?: boolean; describedBy?: string; title?: string };
  /** The sheet's width when it needs more than the default 28rem (e.g. a side-by-side diff). */
  width?: string;
  /** The id of the element that describes the sheet, if any. */
  describedBy?: string;
  className?: string;
  onCloseAutoFocus?: (event: Event) => void;
  children: ReactNode;
}

/** A workspace panel sliding in from the right: dim overlay, title, close button, then its content. */
export function SideSheet({
  title,
  open,
  onOpenChange,
  opener,
  width,
  describedBy,
  className,
  onCloseAutoFocus,
  children,
}: SideSheetProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      {opener && (
        <Dialog.Trigger asChild>
          <button
            type="button"
            className={`${ui.button} ${ui.small}`}
            disabled={opener.disabled}
            aria-describedby={opener.describedBy}
            title={opener.title}
          >
            {opener.label}
          </button>
        </Dialog.Trigger>
      )}
      <Dialog.Portal>
        <Dialog.Overlay className={`${dialog.overlay} ${dialog.raised}`} />
        <Dialog.Content
          className={`${dialog.sheet} ${dialog.raised} ${className ?? ''}`}
          style={width ? ({ '--sheet-width': width } as CSSProperties) : undefined}
          aria-describedby={describedBy}
          onCloseAutoFocus={onCloseAutoFocus}
        >
          <div className={dialog.head}>
            <Dialog.Title className={dialog.title}>{title}</Dialog.Title>
            <Dialog.Close className={ui.ghost} aria-label="Close">
              <CloseIcon />
            </Dialog.Close>
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
