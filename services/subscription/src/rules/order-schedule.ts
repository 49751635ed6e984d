/**
 * Which orders carry an extra or a discount: the rules live with the subscription contract so
 * order generation (orchestration) uses the same ones.
 */
export { isDiscountInOrder, isExtraInOrder } from '@pawfresh/contracts/subscription';
