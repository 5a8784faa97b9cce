/** Small facts about a project as the server sent it. */
import type { Project } from '@bindery/contracts/store/projects';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

export const formatDate = (iso: string) => dateFormat.format(new Date(iso));

/** A project can go into the cart when the server priced it (e Books are not printed) and no order holds it yet. */
export const isOrderable = (p: Pick<Project, 'price' | 'status'>) => p.price !== null && p.status === 'draft';
