/**
 * The new account's password, between the details page and the payment page: kept in memory only,
 * never in storage (docs/sign-up.md "What survives a reload"). After a reload it is asked again.
 */
let kept: string | null = null;

export const rememberPassword = (value: string) => {
  kept = value;
};
export const rememberedPassword = () => kept;
export const forgetPassword = () => {
  kept = null;
};
