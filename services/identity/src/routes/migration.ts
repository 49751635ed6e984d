import { conflict, notFound, type Handlers } from '@pawfresh/kit';
import type { identityContract } from '@pawfresh/contracts/identity';
import { toUser } from '../flows/accounts.js';
import type { IdentityContext } from '../flows/context.js';
import { importUser, revertImportedUser } from '../flows/migration.js';
import { importClashMessage } from '../rules/import-clash.js';

type MigrationHandlers = Pick<Handlers<typeof identityContract>, 'importUser' | 'revertImport'>;

/** POST /identity/migration and DELETE /identity/migration/{userId} (docs/identity.md). */
export function migrationHandlers(ctx: IdentityContext): MigrationHandlers {
  return {
    importUser: async ({ body }) => {
      const result = await importUser(ctx, body);
      if ('clash' in result) {
        throw conflict(importClashMessage(result.clash, body.legacyId, body.email));
      }
      return toUser(result);
    },
    revertImport: async ({ params }) => {
      const result = await revertImportedUser(ctx, params.userId);
      if (result === 'not_found') throw notFound(`User ${params.userId} not found`);
      if (result === 'not_imported') {
        throw conflict(`User ${params.userId} was not imported from the legacy system`);
      }
    },
  };
}
