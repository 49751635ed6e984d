/**
 * The sandbox's test cards: Stripe's well-known test numbers, behaving as they do in Stripe's
 * test mode (docs/payments.md "Test cards"). Any other number is refused, as test mode does.
 */
export type CardBehaviour =
  | 'succeeds'
  | 'generic_decline'
  | 'insufficient_funds'
  | 'requires_authentication'
  | 'expired_card';

export interface TestCard {
  number: string;
  brand: 'visa' | 'mastercard' | 'amex';
  behaviour: CardBehaviour;
  what: string;
}

export const testCards: readonly TestCard[] = [
  { number: '4242424242424242', brand: 'visa', behaviour: 'succeeds', what: 'Visa: succeeds' },
  {
    number: '5555555555554444',
    brand: 'mastercard',
    behaviour: 'succeeds',
    what: 'Mastercard: succeeds',
  },
  { number: '378282246310005', brand: 'amex', behaviour: 'succeeds', what: 'Amex: succeeds' },
  {
    number: '4000000000000002',
    brand: 'visa',
    behaviour: 'generic_decline',
    what: 'declined: "Your card was declined."',
  },
  {
    number: '4000000000009995',
    brand: 'visa',
    behaviour: 'insufficient_funds',
    what: 'declined: "Your card has insufficient funds."',
  },
  {
    number: '4000002500003155',
    brand: 'visa',
    behaviour: 'requires_authentication',
    what: 'needs 3-D Secure authentication',
  },
  {
    number: '4000000000000069',
    brand: 'visa',
    behaviour: 'expired_card',
    what: 'declined: "Your card has expired."',
  },
];

/** What the card issuer says when a test card is charged (Stripe's codes and words). */
export const declines: Record<
  Exclude<CardBehaviour, 'succeeds' | 'requires_authentication'>,
  { code: string; declineCode: string; message: string }
> = {
  generic_decline: {
    code: 'card_declined',
    declineCode: 'generic_decline',
    message: 'Your card was declined.',
  },
  insufficient_funds: {
    code: 'card_declined',
    declineCode: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  expired_card: {
    code: 'expired_card',
    declineCode: 'expired_card',
    message: 'Your card has expired.',
  },
};

export const authenticationRequired = {
  code: 'authentication_required',
  declineCode: 'authentication_required',
  message: 'Your card was declined. This transaction requires authentication.',
};

/** The Luhn check every card number passes; a typo almost never does. */
export function passesLuhn(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}
