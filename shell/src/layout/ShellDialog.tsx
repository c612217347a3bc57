import type { ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import dialog from '@prompt-perfect/shared/styles/dialog.module.css';
import styles from './ShellDialog.module.css';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** Shown to screen readers only when the body carries its own heading. */
  hideTitle?: boolean;
  children: ReactNode;
}

export function ShellDialog({ open, onOpenChange, title, hideTitle, children }: Props) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={dialog.overlay} />
        <Dialog.Content className={`${dialog.content} ${styles.content}`} aria-describedby={undefined}>
          <Dialog.Title className={hideTitle ? 'visually-hidden' : styles.title}>{title}</Dialog.Title>
          <div className={styles.body}>{children}</div>
          <Dialog.Close className={`${dialog.iconButton} ${dialog.close}`} aria-label="Close">
            ×
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
