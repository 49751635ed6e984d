import type { Engine, Workflow } from '../../engine/engine.js';
import type { WorkflowContext } from '../context.js';
import { addOneOffExtra } from './add-one-off-extra.js';
import { deleteOneOffExtra } from './delete-one-off-extra.js';
import { updateOneOffExtra } from './update-one-off-extra.js';
import { updateOrderExtras } from './update-order-extras.js';
import { priceOrderRecipeMix, updateOrderRecipeMix } from './update-order-recipe-mix.js';
import type { OneOffExtraAnswer, OrderChangeAnswer } from './line-change-steps.js';
import { updateOrderDeliveryDate } from './update-order-delivery-date.js';
import { updateOrderDeliveryInfo } from './update-order-delivery-info.js';
import { updateDefaultAddress } from './update-default-address.js';
import {
  updateCustomerPaymentMethod,
  type PaymentMethodAnswer,
  type PaymentMethodChange,
} from './update-customer-payment-method.js';

type InputOf<F> = F extends (ctx: WorkflowContext) => (input: infer I) => Promise<unknown>
  ? I
  : never;
type OutputOf<F> = F extends (ctx: WorkflowContext) => (input: never) => Promise<infer O>
  ? O
  : never;
type Registered<F> = Workflow<InputOf<F>, OutputOf<F>>;

/** The order-level change workflows (docs/order-changes.md), under their spec names. */
export interface OrderChangeWorkflows {
  updateOrderExtras: Workflow<InputOf<typeof updateOrderExtras>, OrderChangeAnswer>;
  updateOrderRecipeMix: Workflow<InputOf<typeof updateOrderRecipeMix>, OrderChangeAnswer>;
  priceOrderRecipeMix: Registered<typeof priceOrderRecipeMix>;
  updateOrderDeliveryDate: Workflow<InputOf<typeof updateOrderDeliveryDate>, OrderChangeAnswer>;
  updateOrderDeliveryInfo: Workflow<InputOf<typeof updateOrderDeliveryInfo>, OrderChangeAnswer>;
  updateDefaultAddress: Registered<typeof updateDefaultAddress>;
  updateCustomerPaymentMethod: Workflow<PaymentMethodChange, PaymentMethodAnswer>;
  addOneOffExtra: Workflow<InputOf<typeof addOneOffExtra>, OneOffExtraAnswer>;
  updateOneOffExtra: Workflow<InputOf<typeof updateOneOffExtra>, OneOffExtraAnswer>;
  deleteOneOffExtra: Workflow<InputOf<typeof deleteOneOffExtra>, OneOffExtraAnswer>;
}

export function orderChangeWorkflows(engine: Engine, ctx: WorkflowContext): OrderChangeWorkflows {
  return {
    updateOrderExtras: engine.register('update-order-extras', updateOrderExtras(ctx)),
    updateOrderRecipeMix: engine.register('update-order-recipe-mix', updateOrderRecipeMix(ctx)),
    priceOrderRecipeMix: engine.register('price-order-recipe-mix', priceOrderRecipeMix(ctx)),
    updateOrderDeliveryDate: engine.register(
      'update-order-delivery-date',
      updateOrderDeliveryDate(ctx),
    ),
    updateOrderDeliveryInfo: engine.register(
      'update-order-delivery-info',
      updateOrderDeliveryInfo(ctx),
    ),
    updateDefaultAddress: engine.register('update-default-address', updateDefaultAddress(ctx)),
    updateCustomerPaymentMethod: engine.register(
      'update-customer-payment-method',
      updateCustomerPaymentMethod(ctx),
    ),
    addOneOffExtra: engine.register('add-one-off-extra', addOneOffExtra(ctx)),
    updateOneOffExtra: engine.register('update-one-off-extra', updateOneOffExtra(ctx)),
    deleteOneOffExtra: engine.register('delete-one-off-extra', deleteOneOffExtra(ctx)),
  };
}
