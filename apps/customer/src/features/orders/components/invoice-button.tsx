import { Button } from '@mantine/core';

import { useResultModal } from '../../../components/result-modal/result-modal-provider';
import { ApiError } from '../../../lib/api-client';
import { useDownloadInvoice } from '../api/get-order-invoice';
import { formatDay, type Order } from '../utils/order-format';

/** Saves the tax invoice of a paid box as a PDF. */
export function InvoiceButton({ order }: { order: Order }) {
  const download = useDownloadInvoice();
  const modal = useResultModal();
  return (
    <Button
      variant="light"
      loading={download.isPending}
      aria-label={`Download invoice for the box of ${formatDay(order.deliveryDate)}`}
      onClick={() => {
        if (download.isPending) return;
        download.mutate(order.id, {
          onError: (error) => {
            if (error instanceof ApiError && error.sessionExpired) return;
            void modal.showFailure();
          },
        });
      }}
    >
      Download invoice
    </Button>
  );
}
