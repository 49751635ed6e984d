export { getTokenExpiry } from '@pawfresh/web-session/access-token';
