import { Modal, type ModalProps } from '@mantine/core';

export type DialogProps = Omit<ModalProps, 'closeOnClickOutside'> & {
  /**
   * A fixed dialog (a purchase, a destructive confirmation, a form that would lose what was typed)
   * closes only through its own buttons, the close button or Escape — never by a click on the
   * backdrop. A plain one also closes on a backdrop click (spec section 2).
   */
  fixed?: boolean;
};

/** SwapU's one dialog: Mantine's Modal, centred, with the spec's fixed / non-fixed behaviour. */
export function Dialog({ fixed = false, ...props }: DialogProps) {
  return <Modal centered closeOnClickOutside={!fixed} data-fixed={fixed ? 'true' : 'false'} {...props} />;
}
