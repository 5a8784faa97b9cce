/**
 * The storefront's link map: every header link of the spec (docs/spec/customer-journey.md §2) under its canonical path
 * (the route table's spelling, docs/spec/calculators-account-admin.md §2), and the legacy spellings that redirect to it.
 */
export interface NavLinkItem {
  to: string;
  label: string;
}

export const productLinks: NavLinkItem[] = [
  { to: '/products/print-book', label: 'Print Book' },
  { to: '/products/comic-book', label: 'Comic Book' },
  { to: '/products/cookbook', label: 'Cookbook' },
  { to: '/products/ebook', label: 'E-Book' },
  { to: '/products/photo-book', label: 'Photo Book' },
  { to: '/products/print-magazine', label: 'Magazine' },
  { to: '/products/yearbook', label: 'Yearbook' },
];

export const resourceLinks: NavLinkItem[] = [
  { to: '/resources/guide-templates', label: 'Guides & Templates' },
  { to: '/resources/blog', label: 'Blog' },
  { to: '/resources/publishing-resources', label: 'Publishing' },
  { to: '/resources/contact-resources', label: 'Contact' },
  { to: '/resources/hire-professional', label: 'Hire a Professional' },
  { to: '/resources/order-lookup', label: 'Order Lookup' },
  { to: '/resources/plan-project', label: 'Plan Your Project' },
];

/** Header spellings (docs/spec/customer-journey.md) → canonical route-table paths. Both work; these redirect. */
export const legacyPaths: Record<string, string> = {
  '/products/printbook': '/products/print-book',
  '/products/comicbook': '/products/comic-book',
  '/products/photobook': '/products/photo-book',
  '/products/printmagzine': '/products/print-magazine',
  '/resources/guidetemplates': '/resources/guide-templates',
  '/resources/blogs': '/resources/blog',
  '/resources/publishing': '/resources/publishing-resources',
  '/resources/contactresources': '/resources/contact-resources',
  '/resources/hireprofessional': '/resources/hire-professional',
  '/resources/orderlookup': '/resources/order-lookup',
  '/resources/planproject': '/resources/plan-project',
  '/calculator/thesis': '/pricing-calculator',
  '/calculator/calendar': '/calculator/calender',
  '/book-pricing': '/pricing',
};
