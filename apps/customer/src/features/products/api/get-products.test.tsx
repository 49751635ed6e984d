import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { AccountResponse, CustomerProduct as Product } from '@pawfresh/contracts/account';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { ApiError } from '../../../lib/api-client';
import { createTestQueryClient } from '../../../lib/react-query';
import { useProducts } from './get-products';

const chicken: Product = {
  id: 'd5b7c1a2-0000-4000-8000-000000000001',
  name: 'Chicken & Pumpkin',
  status: 'active',
  isNew: false,
  isVisible: true,
  sortIndex: 1,
  thumbnail: null,
  images: [{ imageType: 'icon', imageUrl: 'https://example.com/chicken.png' }],
  content: {},
  variants: [
    {
      id: 'd5b7c1a2-0000-4000-8000-000000000002',
      sku: 'M-CHK-200',
      dimension: { weightGrams: 200 },
      price: 875,
    },
  ],
};

const fetchMock = vi.fn<typeof fetch>();

function respond(body: unknown, status = 200) {
  fetchMock.mockResolvedValue(
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );
}

function renderUseProducts() {
  const queryClient = createTestQueryClient();
  function wrapper({ children }: { children: ReactNode }) {
    return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  }
  return renderHook(() => useProducts(), { wrapper });
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  fetchMock.mockReset();
});

describe('useProducts', () => {
  it('loads GET /api/v1/products', async () => {
    const products: AccountResponse<'getProducts'> = {
      meals: [chicken],
      treats: [],
      supplements: [],
    };
    respond(products);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});

    const { result } = renderUseProducts();

    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toEqual(products);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/products');
    expect(warn).not.toHaveBeenCalled();
  });

  it('logs "No products loaded" when the load returns no products at all', async () => {
    respond({ meals: [], treats: [], supplements: [] });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});

    const { result } = renderUseProducts();

    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(warn).toHaveBeenCalledWith('No products loaded');
  });

  it('fails with "Unexpected server error" when the server gives no message', async () => {
    respond({}, 500);

    const { result } = renderUseProducts();

    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error).toBeInstanceOf(ApiError);
    expect(result.current.error?.message).toBe('Unexpected server error');
  });

  it("fails with the server's message when there is one", async () => {
    respond({ error: 'Product service unavailable' }, 503);

    const { result } = renderUseProducts();

    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error?.message).toBe('Product service unavailable');
  });
});
