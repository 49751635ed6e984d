import { useMutation } from '@tanstack/react-query';
import type { AccountResponse } from '@pawfresh/contracts/account';

import { api } from '../../../lib/api';
import { saveBase64File } from '../utils/save-file';

export type InvoiceFile = AccountResponse<'getOrderInvoice'>;

/** GET /api/v1/orders/{orderId}/invoice: the tax invoice of a paid order, the PDF in base64. */
export function getOrderInvoice(orderId: string): Promise<InvoiceFile> {
  return api.get<InvoiceFile>(`/orders/${encodeURIComponent(orderId)}/invoice`);
}

/** Fetches an order's invoice and saves it as a PDF file under the server's file name. */
export function useDownloadInvoice() {
  return useMutation({
    mutationFn: getOrderInvoice,
    onSuccess: (invoice) => saveBase64File(invoice.pdfContent, invoice.fileName, 'application/pdf'),
  });
}
