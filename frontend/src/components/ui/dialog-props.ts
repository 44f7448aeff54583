import type { ReactNode } from 'react';

/** What a dialog shows; shared by the lazy shell and the Radix view it loads. */
export type DialogProps = {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Hide the close button (e.g. when a choice is required). */
  hideClose?: boolean;
  role?: 'dialog' | 'alertdialog';
};
