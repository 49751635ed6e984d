/**
 * Moving a product (`PATCH /products/{id}` with `subscriptionId`): into a subscription of its own
 * cart, or back to the cart itself. Each rule answers why the move is refused, or undefined.
 */
interface MovingProduct {
  id: string;
  cartId: string;
  bundleId: string | null;
}

/** A product inside a bundle moves only with its bundle. */
export const bundledProductMove = (product: MovingProduct): string | undefined =>
  product.bundleId === null
    ? undefined
    : `Product ${product.id} is in bundle ${product.bundleId}: it moves only with its bundle`;

/** A product moves only into a subscription of the cart it is in. */
export const moveToAnotherCart = (
  product: MovingProduct,
  subscription: { id: string; cartId: string },
): string | undefined =>
  subscription.cartId === product.cartId
    ? undefined
    : `Subscription ${subscription.id} belongs to another cart than product ${product.id}`;
