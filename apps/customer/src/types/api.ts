// Shapes of the customer API's answers (customer-app.md §3, §7), shared by every feature.

/**
 * Product status values as the customer app sees them (customer-app.md §4 names ACTIVE and
 * OUT_OF_STOCK; the others follow services.md's product statuses).
 */
export type ProductStatus =
  'ACTIVE' | 'OUT_OF_STOCK' | 'DISCONTINUING' | 'DISCONTINUED' | 'ARCHIVED';

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
