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
  /**
   * For a dialog that can open while another is showing (e.g. confirming it is you while adding
   * a payee): it gets its own dimming overlay above the other dialog.
   */
  stacked?: boolean;
};
