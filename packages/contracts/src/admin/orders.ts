/**
 * Admin orders (calculators-account-admin.md §2 Manage Orders, Order Details). GET api/book/all-orders/ (admin)
 * lists every submitted project with its customer, as the spec's Order entity; `order_status` adds the state of
 * the order it belongs to, if any.
 */
import { z } from 'zod';
import { OrderStatus } from '../store/checkout.js';
import { ProjectCategory } from '../store/projects.js';

export const AdminOrder = z.object({
  id: z.number().int().positive(),
  title: z.string(),
  user_email: z.string().nullable(),
  category: ProjectCategory,
  language: z.string().nullable(),
  created_at: z.iso.datetime({ offset: true }),
  page_count: z.number().int().positive(),
  binding_type: z.string().nullable(),
  cover_finish: z.string().nullable(),
  interior_color: z.string().nullable(),
  paper_type: z.string().nullable(),
  trim_size: z.string().nullable(),
  /** API paths serving the files to an admin (bearer), or null when absent. */
  pdf_file: z.string(),
  cover_file: z.string().nullable(),
  cover_description: z.string().nullable(),
  quantity: z.number().int().positive(),
  order_id: z.number().int().positive().nullable(),
  order_status: OrderStatus.nullable(),
});
export type AdminOrder = z.infer<typeof AdminOrder>;

export const AllOrdersResponse = z.object({ data: z.array(AdminOrder) });
export type AllOrdersResponse = z.infer<typeof AllOrdersResponse>;
