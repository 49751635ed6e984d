import { conflict, orNotFound, upstream } from '@pawfresh/kit';
import type { GenerateInvoiceInput, InvoiceFile } from '@pawfresh/contracts/orchestration-billing';
import type { Order, OrderEvent } from '@pawfresh/contracts/order';
import { hasTaxInvoice } from '@pawfresh/contracts/order-rules';
import { renderInvoicePdf } from '../../invoice/invoice-pdf.js';
import { buildInvoice, paidOn, type Seller } from '../../rules/invoice.js';
import type { WorkflowContext } from '../context.js';
import { orderNotFound } from './order-state.js';

/**
 * generate-invoice: the Australian tax invoice of a paid order as a PDF (docs/invoices.md).
 * Steps: read-order (the order and its events; a customer's own only) → read-products (the
 * catalogue's names for its lines) → the PDF, answered base64 as pdfContent. Reads only.
 */
export const generateInvoice =
  ({ services, step }: WorkflowContext, seller: Seller) =>
  async ({
    orderId,
    userId,
  }: Omit<GenerateInvoiceInput, 'workflowId'>): Promise<Omit<InvoiceFile, never>> => {
    const { order, events } = await step('read-order', () =>
      upstream('Reading the order', async () => ({
        order: await orNotFound(
          services.order.getOrder({ params: { orderId } }),
          `Order ${orderId} not found`,
        ),
        events: await services.order.listOrderEvents({ params: { orderId } }),
      })),
    );
    if (userId !== undefined && order.userId !== userId) throw orderNotFound(orderId);
    if (!hasTaxInvoice(order)) {
      throw conflict(
        `Order #${order.orderNumber} is not paid yet: its tax invoice is issued once it is paid`,
      );
    }
    // A box imported paid (legacy history, demo data) has no payment event: its billing date.
    const invoiceDate = paidOn(order as Order, events as OrderEvent[]) ?? order.billingDate;
    const names: Record<string, string> = await step('read-products', () =>
      upstream('Reading the catalogue', async () => {
        const wanted = new Set(order.orderLineItems.map((i) => i.productId));
        const products = await services.product.listProducts({ query: {} });
        return Object.fromEntries(
          products.filter((p) => wanted.has(p.id)).map((p) => [p.id, p.name]),
        );
      }),
    );
    const invoice = buildInvoice(seller, order, invoiceDate, names);
    const pdf = await renderInvoicePdf(invoice);
    return {
      orderId,
      invoiceNumber: invoice.invoiceNumber,
      invoiceDate,
      fileName: `pawfresh-tax-invoice-${invoice.invoiceNumber}.pdf`,
      total: invoice.total,
      gst: invoice.gst,
      pdfContent: pdf.toString('base64'),
    };
  };
