/**
 * The chosen product ids that are not meals (a dog's plan is made of meals only), in the order
 * they were given.
 */
export function notMeals(productIds: readonly string[], mealIds: ReadonlySet<string>): string[] {
  return productIds.filter((id) => !mealIds.has(id));
}
