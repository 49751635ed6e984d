import type { CustomerDog, CustomerPaymentMethod, Profile } from '@pawfresh/contracts/account';
import type { User } from '@pawfresh/contracts/identity';
import type { Dog } from '@pawfresh/contracts/dogs';
import type { PaymentMethod } from '@pawfresh/contracts/payment';

/** customer-app.md §3 "User profile": cognitoUserId is the user's id. */
export const toProfile = (user: User): Profile => ({
  cognitoUserId: user.id,
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email,
  phoneNumber: user.phoneNumber,
});

/** customer-app.md §3 "Payment method": what a customer sees of a saved card. */
export const toCustomerCard = (card: PaymentMethod): CustomerPaymentMethod => ({
  id: card.id,
  brand: card.brand,
  expiryMonth: card.expiryMonth,
  expiryYear: card.expiryYear,
  last4Digits: card.last4Digits,
  default: card.default,
});

/** A customer's own dog, without the owner the dogs service keeps. */
export const toCustomerDog = ({ userId: _owner, ...dog }: Dog): CustomerDog => dog;
