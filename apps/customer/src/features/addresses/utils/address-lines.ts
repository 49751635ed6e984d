import type { Address } from '@pawfresh/contracts/fields';

// Apart from address-form.ts (which builds the form's zod schema), so pages that only show an
// address (the account page, loaded first) load no zod.

/** The address as the lines of a label: company, street lines, "Suburb STATE 3000". */
export function formatAddressLines(address: Address): string[] {
  return [
    address.companyName,
    address.address1,
    address.address2,
    address.city && address.city !== address.suburb ? address.city : null,
    `${address.suburb} ${address.state} ${address.postCode}`,
  ].filter((line): line is string => Boolean(line && line.trim()));
}
