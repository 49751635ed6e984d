import type { Handlers, ServiceClient } from '@pawfresh/kit';
import type { accountContract } from '@pawfresh/contracts/account';
import type { productContract } from '@pawfresh/contracts/product';
import {
  compareExtras,
  compareMeals,
  isProductVisible,
  toCustomerProduct,
} from './rules/product-visibility.js';

export interface AccountDependencies {
  product: ServiceClient<typeof productContract>;
}

export function accountHandlers(deps: AccountDependencies): Handlers<typeof accountContract> {
  return {
    getProducts: async () => {
      const catalogue = await deps.product.listProducts({});
      const visible = catalogue.filter(isProductVisible);
      const ofType = (type: string) =>
        visible.filter((p) => p.type === type).map(toCustomerProduct);
      return {
        meals: ofType('meal').sort(compareMeals),
        treats: ofType('treat').sort(compareExtras),
        supplements: ofType('supplement').sort(compareExtras),
      };
    },
  };
}
