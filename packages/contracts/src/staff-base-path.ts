/**
 * Where the staff API is served (`/api/staff/v1`, ADR 018), in a module of its own with no zod: the
 * back office's first page needs the path, not the contracts (whose schemas were two thirds of
 * the JavaScript it loaded before it drew anything).
 */
export const STAFF_API_BASE_PATH = '/api/staff/v1';
