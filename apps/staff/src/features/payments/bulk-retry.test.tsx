import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { StaffFailedPayment } from '@pawfresh/contracts/staff';
import type { StaffBulkRetry } from '@pawfresh/contracts/staff-box-actions';

import { api } from '../../lib/api';
import { BulkRetryProgress } from './bulk-retry';

const row = (id: string, orderNumber: number) =>
  ({ order: { id, orderNumber } }) as unknown as StaffFailedPayment;

const finished: StaffBulkRetry = {
  workflowId: 'staff-bulk-retry:abc',
  status: 'SUCCESS',
  finished: true,
  progress: {
    total: 3,
    done: 3,
    left: 0,
    charged: 1,
    declined: 1,
    alreadyPaid: 0,
    failed: 1,
    orders: [
      { orderId: 'a', status: 'charged', message: null },
      { orderId: 'b', status: 'declined', message: 'Your card was declined.' },
      { orderId: 'c', status: 'failed', message: 'Order #3 was skipped or cancelled' },
    ],
  },
};

function renderProgress(started: StaffBulkRetry) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <BulkRetryProgress started={started} rows={[row('a', 1), row('b', 2), row('c', 3)]} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('a bulk retry’s progress', () => {
  it('says how many were done, charged, not charged and left, and why each box was not charged', async () => {
    const get = vi.spyOn(api, 'get').mockResolvedValue(finished);
    renderProgress(finished);
    expect(await screen.findByText('Finished: 3 of 3 done')).toBeInTheDocument();
    expect(screen.getByText('1 charged')).toBeInTheDocument();
    expect(screen.getByText('2 not charged')).toBeInTheDocument();
    expect(screen.getByText('0 left')).toBeInTheDocument();
    expect(screen.getByText('Box #2: declined: Your card was declined.')).toBeInTheDocument();
    expect(screen.getByText('Box #3: Order #3 was skipped or cancelled')).toBeInTheDocument();
    get.mockRestore();
  });

  it('says it is starting before the run published its progress', () => {
    const get = vi.spyOn(api, 'get').mockReturnValue(new Promise(() => {}));
    renderProgress({ ...finished, status: 'PENDING', finished: false, progress: null });
    expect(screen.getByText('Starting the retries…')).toBeInTheDocument();
    get.mockRestore();
  });
});
