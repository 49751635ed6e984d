/**
 * The crash-test server helper moved to `crash-server.ts` (one helper for every crash test); these
 * names stay for the tests that import them from here.
 */
export {
  requestsTo,
  serverSetup,
  stop,
  waitFor,
  type Server,
  type ServerSetup,
} from './crash-server.js';
