import type { EndpointDef, EndpointParts } from '@pawfresh/contracts/define';
import type { Principal } from './auth.js';

// The contract's shape lives with the contracts (zod alone, usable by the browser); the kit keeps
// exporting it so services import one package.
export {
  defineContract,
  fillPath,
  type Access,
  type CallInput,
  type EndpointDef,
  type EndpointOutput,
  type EndpointParts,
  type HttpMethod,
  type ServiceContract,
} from '@pawfresh/contracts/define';

/** What a handler receives: parsed params, query and body, and who is asking. */
export interface HandlerInput<E extends EndpointDef> extends EndpointParts<E> {
  /** Set on `service` and `customer` routes (checked before the handler runs). */
  auth: Principal | undefined;
}
