import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../testing/test-utils';
import { useResultModal, type ResultModalOptions } from './result-modal-provider';

function Trigger({ kind, options }: { kind: 'success' | 'failure'; options?: ResultModalOptions }) {
  const modal = useResultModal();
  return (
    <button
      type="button"
      onClick={() =>
        void (kind === 'success' ? modal.showSuccess(options) : modal.showFailure(options))
      }
    >
      Save
    </button>
  );
}

describe('result modals', () => {
  it('shows the default success modal and returns focus when confirmed', async () => {
    const { user } = renderWithProviders(<Trigger kind="success" />);
    const trigger = screen.getByRole('button', { name: 'Save' });

    await user.click(trigger);

    const dialog = await screen.findByRole('dialog', { name: 'Successfully updated' });
    expect(dialog).not.toHaveAccessibleDescription();
    const confirm = screen.getByRole('button', { name: 'OK' });
    expect(dialog).toContainElement(confirm);
    await waitFor(() => expect(confirm).toHaveFocus());

    await user.click(confirm);

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(trigger).toHaveFocus());
  });

  it('shows the default failure modal with its description and confirm button', async () => {
    const { user } = renderWithProviders(<Trigger kind="failure" />);

    await user.click(screen.getByRole('button', { name: 'Save' }));

    const dialog = await screen.findByRole('dialog', { name: 'Sorry, something went wrong' });
    expect(dialog).toHaveAccessibleDescription('Please try again');
    expect(screen.getByRole('button', { name: 'OK' })).toBeInTheDocument();
  });

  it('resolves the promise when the modal is closed', async () => {
    function SaveAndReport() {
      const modal = useResultModal();
      const [closed, setClosed] = useState(false);
      return (
        <>
          <button
            type="button"
            onClick={() => void modal.showSuccess().then(() => setClosed(true))}
          >
            Save
          </button>
          {closed ? <p>Modal closed</p> : null}
        </>
      );
    }
    const { user } = renderWithProviders(<SaveAndReport />);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(await screen.findByRole('button', { name: 'OK' }));

    expect(await screen.findByText('Modal closed')).toBeInTheDocument();
  });

  it('closes on Escape', async () => {
    const { user } = renderWithProviders(<Trigger kind="failure" />);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();

    await user.keyboard('{Escape}');

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('uses the title, description and confirm button a caller passes', async () => {
    const onConfirm = vi.fn();
    const { user } = renderWithProviders(
      <Trigger
        kind="failure"
        options={{
          title: 'Payment failed',
          description: 'Your card was declined.',
          confirmLabel: 'Try again',
          onConfirm,
        }}
      />,
    );

    await user.click(screen.getByRole('button', { name: 'Save' }));

    const dialog = await screen.findByRole('dialog', { name: 'Payment failed' });
    expect(dialog).toHaveAccessibleDescription('Your card was declined.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
