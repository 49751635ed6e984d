// Shapes of the customer API's answers (customer-app.md §3, §7), shared by every feature.

/**
 * Product status values as the customer API sends them: services.md's product statuses, in lower
 * case. customer-app.md §4's ACTIVE and OUT_OF_STOCK are the names of `active` and `out_of_stock`
 * (docs/product-rules.md).
 */
export type ProductStatus =
  'active' | 'out_of_stock' | 'discontinuing' | 'discontinued' | 'archived';

export type ProductImage = {
  imageType: string;
  imageUrl: string;
};

export type ProductVariant = {
  id: string;
  sku: string;
  dimension: {
    weightGrams: number;
  };
};

export type Product = {
  id: string;
  name: string;
  status: ProductStatus;
  isNew: boolean;
  isVisible: boolean;
  sortIndex: number;
  thumbnail: string | null;
  images: ProductImage[];
  /** Content-management data; its fields are not specified. */
  content: Record<string, unknown>;
  variants: ProductVariant[];
};

/** GET /api/v1/products */
export type ProductsResponse = {
  meals: Product[];
  treats: Product[];
  supplements: Product[];
};
