import { createServiceClient, servicePlugin, type ServiceModule } from '@pawfresh/kit';
import { accountContract } from '@pawfresh/contracts/account';
import { productContract } from '@pawfresh/contracts/product';
import { accountHandlers } from './routes.js';

/** The customer API (customer-app.md §7). It owns no data; it calls the domain services. */
export const accountService: ServiceModule = {
  name: 'account',
  basePath: '/api/v1',
  calls: ['product'],
  plugin: (runtime) => {
    const product = createServiceClient(productContract, {
      baseUrl: runtime.serviceUrl('product'),
      token: runtime.serviceToken,
      fetch: runtime.fetch,
    });
    return servicePlugin({
      contract: accountContract,
      handlers: accountHandlers({ product }),
      basePath: '/api/v1',
      mountPath: runtime.mountPath,
      serviceToken: runtime.serviceToken,
    });
  },
};

export { isProductVisible, compareExtras } from './rules/product-visibility.js';
