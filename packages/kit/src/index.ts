import './zod-messages.js';

export * from './contract.js';
export * from './client.js';
export * from './clock.js';
export * from './config.js';
export * from './errors.js';
export * from './problems.js';
export * from './module.js';
export * from './request-context.js';
export * from './service.js';
export * from './validation.js';
export { describeIssue, fieldName } from './zod-messages.js';
export { pruneComponents } from './openapi.js';
export * from './raw-json.js';
export * from './binary-reply.js';
export * from './auth.js';
export { injectFetch } from './inject-fetch.js';
export { toInstant } from './zoned-time.js';
