/**
 * The calls to the card provider that move money, and the instants inside each where a crash test
 * kills the process (PAYMENT_FAULT, settings.ts): before the provider hears of it, after the
 * provider did it but before we recorded it, and after the record but before the caller's answer
 * is kept. After a restart, each must end with the provider's books and ours the same.
 */
export const faultCalls = ['charge', 'confirm', 'capture', 'cancel', 'refund'] as const;
export const faultPoints = ['before-provider', 'after-provider', 'after-record'] as const;
export type FaultCall = (typeof faultCalls)[number];
export type FaultPoint = (typeof faultPoints)[number];
