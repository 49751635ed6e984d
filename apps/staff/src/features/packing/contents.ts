import type { BoxItem, BoxItemInput } from '@pawfresh/contracts/fulfilment';

/**
 * A box's contents as the contents change sends them: each line as the fulfilment service stored
 * it, with the quantity chosen; a line set to 0 is taken out. Empty when nothing is left (the
 * service refuses an empty box: "Box contents cannot be empty").
 */
export function contentsWithQuantities(
  contents: readonly BoxItem[],
  quantities: readonly number[],
): BoxItemInput[] {
  return contents.flatMap((item, i): BoxItemInput[] => {
    const quantity = quantities[i] ?? item.quantity;
    if (quantity <= 0) return [];
    const common = {
      sku: item.sku,
      name: item.name,
      productCode: item.productCode,
      productVariantName: item.productVariantName,
      productVariantId: item.productVariantId,
      barcode: item.barcode,
      quantity,
    };
    if (item.type === 'extra') {
      return [
        {
          type: 'extra',
          category: item.category ?? 'treat',
          ...(item.weight ? { weight: item.weight } : {}),
          ...common,
        },
      ];
    }
    return [{ type: item.type, weight: item.weight ?? 1, ...common }];
  });
}

/** What changes, in words: "Beef 500 g: 4 → 3", one line each; nothing when nothing changes. */
export function contentsChanges(contents: readonly BoxItem[], quantities: readonly number[]) {
  return contents.flatMap((item, i) => {
    const to = quantities[i] ?? item.quantity;
    if (to === item.quantity) return [];
    const name = item.productVariantName ? `${item.name} ${item.productVariantName}` : item.name;
    return [
      to <= 0 ? `${name}: taken out (was ${item.quantity})` : `${name}: ${item.quantity} → ${to}`,
    ];
  });
}
