import type { ServiceModule } from '@pawfresh/kit';
import type { DatabaseConnection } from '@pawfresh/db';
import { accountService } from '@pawfresh/account';
import { productService } from '@pawfresh/product';

/** Every service this process can run. Add a service here and it is mounted, migrated and seeded. */
export const serviceModules = [
  productService,
  accountService,
] as ServiceModule<DatabaseConnection>[];

export const serviceNames = serviceModules.map((m) => m.name);

/** The customer API is served at the site root (`/api/v1`); every other service under `/svc/<name>`. */
export const mountPathOf = (name: string) => (name === 'account' ? '' : `/svc/${name}`);
