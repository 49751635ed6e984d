import { SLOT_AM, SLOT_PM } from '../coverage/zones.js';
import { dayNumber } from '@pawfresh/contracts/calendar-dates';

type TimePreference = 'AM' | 'PM';

/** The kitchen makes the food on or before the delivery date. */
export const makeDateRefusal = (makeDate: string, deliveryDate: string): string | undefined =>
  dayNumber(makeDate) > dayNumber(deliveryDate)
    ? 'makeDate must not be after the delivery date'
    : undefined;

/** Only a serviceable suburb gets shipments. */
export const notServiceable = (city: string, postcode: string) =>
  `We do not deliver to ${city} ${postcode}`;

/**
 * The slot asked for must be open that day (`slots` as the delivery schedule gives it: 1 AM,
 * 2 PM, 3 both): why the booking is refused, or undefined.
 */
export function slotRefusal(
  slots: number,
  delivery: { date: string; timePreference: TimePreference },
  postcode: string,
): string | undefined {
  const wanted = delivery.timePreference === 'AM' ? SLOT_AM : SLOT_PM;
  return (slots & wanted) === 0
    ? `No ${delivery.timePreference} delivery to ${postcode} on ${delivery.date}`
    : undefined;
}

/** The number the courier calls: the first phone given, if any. */
export const deliveryContactNumber = (contact: { phone1?: string; phone2?: string }) =>
  contact.phone1 ?? contact.phone2 ?? null;
