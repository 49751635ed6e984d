import { createHash } from 'node:crypto';
import { rawJson, type Handlers, type RawJson, type ServiceClient } from '@pawfresh/kit';
import { accountContract } from '@pawfresh/contracts/account';
import type { productContract, Product } from '@pawfresh/contracts/product';
import {
  compareExtras,
  compareMeals,
  isShownToCustomers,
  toCustomerProduct,
} from './rules/product-visibility.js';

export interface AccountDependencies {
  product: ServiceClient<typeof productContract>;
}

const productsResponse = accountContract.endpoints.getProducts.response;

function customerProducts(catalogue: readonly Product[]) {
  const visible = catalogue.filter(isShownToCustomers);
  const ofType = (type: string) => visible.filter((p) => p.type === type).map(toCustomerProduct);
  return {
    meals: ofType('meal').sort(compareMeals),
    treats: ofType('treat').sort(compareExtras),
    supplements: ofType('supplement').sort(compareExtras),
  };
}

export function accountHandlers(deps: AccountDependencies): Handlers<typeof accountContract> {
  // The product client hands back the same (frozen) list while the catalogue is unchanged, so the
  // customer's answer is built and serialised once per catalogue revision.
  const answers = new WeakMap<object, RawJson>();
  return {
    getProducts: async () => {
      const catalogue = await deps.product.listProducts({});
      let answer = answers.get(catalogue);
      if (!answer) {
        const json = JSON.stringify(productsResponse.parse(customerProducts(catalogue)));
        const tag = createHash('sha256').update(json).digest('base64url').slice(0, 22);
        answer = rawJson(json, `products-${tag}`);
        answers.set(catalogue, answer);
      }
      return answer;
    },
  };
}
