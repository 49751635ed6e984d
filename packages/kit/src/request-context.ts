import { AsyncLocalStorage } from 'node:async_hooks';

/** The request being served, so calls it makes to other services carry its request id. */
export const requestContext = new AsyncLocalStorage<{ requestId: string }>();

export const currentRequestId = (): string | undefined => requestContext.getStore()?.requestId;
