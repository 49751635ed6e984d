// The API client is shared with the staff app (packages/web-session); the customer API's defaults
// (its base path, its `{ error }` envelope and fallbacks) are the package's defaults.
export * from '@pawfresh/web-session/api-client';
