/**
 * Why a rule will not let a request go on, when the answer is not a 400: the thing it names is
 * not there (`not_found`), or the subscription is not in a state for it (`conflict`).
 */
export interface Refusal {
  refusal: 'not_found' | 'conflict';
  message: string;
}

export const notThere = (message: string): Refusal => ({ refusal: 'not_found', message });
export const inConflict = (message: string): Refusal => ({ refusal: 'conflict', message });

export const isRefusal = (value: unknown): value is Refusal =>
  typeof value === 'object' && value !== null && 'refusal' in value;
