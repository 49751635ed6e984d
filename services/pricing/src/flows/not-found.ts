import { notFound } from '@pawfresh/kit';

export const categoryNotFound = (id: string) => notFound(`Discount category ${id} not found`);
export const discountNotFound = (id: string) => notFound(`Discount ${id} not found`);
export const promotionNotFound = (idOrCode: string) => notFound(`Promotion ${idOrCode} not found`);
