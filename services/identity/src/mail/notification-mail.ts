import { formatDate } from '@pawfresh/contracts/calendar-dates';
import type { NotificationInput } from '@pawfresh/contracts/identity';
import { composeMail, type MailBlock, type MailContent } from './mail-layout.js';

/** Cents as dollars: 6050 → "$60.50". */
export const dollars = (cents: number) =>
  `$${Math.floor(cents / 100).toLocaleString('en-AU')}.${String(cents % 100).padStart(2, '0')}`;

const CARD_HINT =
  'You can update your card and pay now on the Deliveries page of your account (Retry payment).';

/** The customer app's saved cards (the account page's cards section), where a card is changed. */
export const cardsLink = (publicUrl: string) =>
  `${publicUrl.replace(/\/+$/, '')}/customer/account#cards`;

/** The paragraphs of each notice (docs/dunning.md "E-mails"). */
function noticeOf(
  n: NotificationInput,
  publicUrl: string,
): { subject: string; heading: string; lines: MailBlock[] } {
  if (n.template === 'card_update_link') {
    return {
      subject: 'Update the card for your Pawfresh deliveries',
      heading: 'Update your card',
      lines: [
        'As we talked about, you can change the card we charge for your deliveries in your account.',
        {
          lead: 'Open this link and sign in:',
          href: cardsLink(publicUrl),
          label: 'Update your card',
        },
        'Never send your card number by e-mail or give it over the phone: only enter it on that page.',
      ],
    };
  }
  const box = `order #${n.orderNumber} (${dollars(n.amount)}, delivery ${formatDate(n.deliveryDate)})`;
  switch (n.template) {
    case 'payment_failed':
      return {
        subject: `We could not take payment for order #${n.orderNumber}`,
        heading: 'Your payment did not go through',
        lines: [
          `We tried to take payment for ${box}, but your card provider said: ${n.reason}`,
          n.nextAttemptDate
            ? `We will try again on ${formatDate(n.nextAttemptDate)}. Nothing is made until it is paid.`
            : 'Nothing is made until it is paid.',
          CARD_HINT,
        ],
      };
    case 'delivery_moved':
      return {
        subject: `Order #${n.orderNumber} moved to ${formatDate(n.deliveryDate)}`,
        heading: 'We moved your delivery',
        lines: [
          `We still could not take payment for order #${n.orderNumber} (${dollars(n.amount)}), so it could not be made for ${formatDate(n.previousDeliveryDate)}.`,
          `We moved it once, to ${formatDate(n.deliveryDate)}, and will try the payment again on ${formatDate(n.nextAttemptDate)}.`,
          CARD_HINT,
        ],
      };
    case 'order_skipped':
      return {
        subject: `Order #${n.orderNumber} skipped and your subscription paused`,
        heading: 'We skipped this delivery and paused your subscription',
        lines: [
          `We could not take payment for ${box} after several tries, so it will not be made or charged.`,
          'Your subscription is paused, not cancelled: no more boxes will come until you resume it.',
          'Update your card and resume your subscription in your account whenever you are ready.',
        ],
      };
    case 'payment_received':
      return {
        subject: `Payment received for order #${n.orderNumber}`,
        heading: 'Thank you: your payment went through',
        lines: [`We took ${dollars(n.amount)} for ${box}. Your box is on the kitchen's list.`],
      };
  }
}

/** A notice e-mail, in the layout every e-mail has. */
export function notificationMail(
  firstName: string,
  n: NotificationInput,
  publicUrl: string,
): MailContent {
  const { subject, heading, lines } = noticeOf(n, publicUrl);
  return composeMail({ subject, heading, firstName, blocks: lines });
}
