import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Dialog } from './dialog';

afterEach(() => cleanup());

const open = (fixed: boolean) => {
  const onClose = vi.fn();
  render(
    <MantineProvider>
      <Dialog opened onClose={onClose} title="A dialog" fixed={fixed} transitionProps={{ duration: 0 }}>
        <p>Body</p>
      </Dialog>
    </MantineProvider>,
  );
  return onClose;
};
const backdrop = () => document.querySelector('.mantine-Modal-overlay')!;

describe('Dialog', () => {
  it('closes a plain dialog on a backdrop click', async () => {
    const onClose = open(false);
    expect(await screen.findByRole('dialog', { name: 'A dialog' })).toBeTruthy();
    await act(async () => {
      fireEvent.mouseDown(backdrop());
      fireEvent.click(backdrop());
    });
    expect(onClose).toHaveBeenCalled();
  });

  it('keeps a fixed dialog open on a backdrop click; its close button still closes it', async () => {
    const onClose = open(true);
    const dialog = await screen.findByRole('dialog', { name: 'A dialog' });
    await act(async () => {
      fireEvent.mouseDown(backdrop());
      fireEvent.click(backdrop());
    });
    expect(onClose).not.toHaveBeenCalled();
    expect(dialog.closest('[data-fixed]')?.getAttribute('data-fixed')).toBe('true');
    await act(async () => fireEvent.click(document.querySelector('.mantine-Modal-close')!));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
