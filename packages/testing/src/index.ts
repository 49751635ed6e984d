export { databaseSource, testDatabase } from './database.js';
export { allServiceMigrations, repoRoot } from './migrations.js';
export { expectConsoleError } from './setup.js';
export {
  serviceApp,
  serviceAuth,
  TEST_ACCESS_TOKEN_SECRET,
  TEST_SERVICE_TOKEN,
} from './service-app.js';
export { serviceUnderTest, type ServiceUnderTest } from './service-under-test.js';
export { fuzzContract } from './fuzz-contract.js';
export { routeFetch, svcUrl } from './route-fetch.js';
export { serviceGraph, signedInAs, type ServiceGraph } from './service-graph.js';
export { graphUnderTest, harnessForFile, type GraphUnderTest } from './graph-under-test.js';
export { callJson, caller, expectServiceError, messagesOf, type HttpMethod } from './http.js';
export {
  catalogue,
  dayFromNow,
  dogWithActivePlan,
  fridayAfter,
  fridayFromNow,
  household,
  householdSubscription,
  JO_IN_RICHMOND,
  planBoxBody,
  RICHMOND,
  sendJson,
  type Household,
  type ServiceTarget,
} from './order-household.js';
