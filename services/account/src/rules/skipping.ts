import { formatDay } from '@pawfresh/contracts/calendar-dates';
import type { skipRefusalType, unskipRefusalType } from '@pawfresh/contracts/order';

type Refusal =
  | NonNullable<ReturnType<typeof skipRefusalType>>
  | NonNullable<ReturnType<typeof unskipRefusalType>>;

/**
 * Why a box cannot be skipped or taken back, in the customer's words (docs/skipping.md), like the
 * other refusals of a box: "Your box of Friday 4 December can no longer change: …".
 */
export function skipRefusalInWords(deliveryDate: string, refusal: Refusal | string): string {
  const box = `Your box of ${formatDay(deliveryDate, { long: true })}`;
  switch (refusal) {
    case 'cancelled':
      return `${box} is cancelled: there is nothing to skip`;
    case 'being_made':
      return `${box} can no longer change: the kitchen is already making it`;
    case 'changes_closed':
      return `${box} can no longer change: changes for it have closed`;
    case 'skipped_already':
      return `${box} is skipped already`;
    case 'paid':
      return `${box} is paid already: it can no longer be skipped`;
    case 'charging':
      return `${box} is being charged right now: it can no longer be skipped`;
    case 'payment_failed':
      return `${box} could not be charged: retry the payment or change your card instead of skipping it`;
    case 'not_skipped':
      return `${box} is not skipped: there is nothing to undo`;
    case 'not_skipped_by_you':
      return `${box} was skipped by PawFresh, not by you: contact us to have it back`;
    case 'version_moved':
      return `${box} changed since you last looked at it: read it again and retry`;
    default:
      return `${box} can no longer change`;
  }
}
