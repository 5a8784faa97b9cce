/** An order of e-books alone (docs/decisions/0034): the checkout's summary and the order pages both ask. */
import { messages } from '@bindery/contracts/messages';
import type { Order } from '@bindery/contracts/store/checkout';

/** An order of e-books alone: nothing shipped, its one service the download. */
export const isDigitalOrder = (order: Pick<Order, 'shipping_service'>): boolean =>
  order.shipping_service.service_code === messages.checkout.digitalDelivery.code;
