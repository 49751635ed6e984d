import { z } from 'zod';
import { defineContract } from '@pawfresh/kit';
import { productImageType, productStatus } from './enums.js';

/** customer-app.md §3 Product / Variant: the list item shape the customer app uses. */
export const customerProductSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    status: productStatus,
    isNew: z.boolean(),
    isVisible: z.boolean(),
    sortIndex: z.number().int(),
    thumbnail: z.string().nullable().describe('URL of the icon image'),
    images: z.array(z.object({ imageType: productImageType, imageUrl: z.string() })),
    content: z
      .record(z.string(), z.json())
      .describe('Content-management data: description, ingredients, feeding notes'),
    variants: z.array(
      z.object({
        id: z.uuid(),
        sku: z.string(),
        dimension: z.object({ weightGrams: z.number().int() }),
      }),
    ),
  })
  .meta({ id: 'CustomerProduct' });

export type CustomerProduct = z.infer<typeof customerProductSchema>;

export const accountContract = defineContract({
  service: 'account',
  title: 'Customer API',
  description:
    "The customer account app's API. It owns no data: it authenticates customers, checks ownership and calls the other services.",
  version: '1.0.0',
  errorStyle: 'customer',
  endpoints: {
    getProducts: {
      method: 'GET',
      path: '/api/v1/products',
      summary: 'Meals, treats and supplements a customer can see',
      description:
        'Only visible products (status active or out_of_stock, and isVisible). Treats and supplements are sorted in stock first, then new, then by name; meals by sortIndex.',
      response: z.object({
        meals: z.array(customerProductSchema),
        treats: z.array(customerProductSchema),
        supplements: z.array(customerProductSchema),
      }),
      errors: [500],
      access: 'public',
      fallbackMessage: 'Unexpected server error',
    },
  },
});
