/**
 * The public tracking page of a parcel, for the carriers the shop ships with (DHL, FedEx), when staff give no
 * link of their own. Another carrier gets no link unless staff paste one.
 */
const PAGES: readonly { match: RegExp; url: (number: string) => string }[] = [
  { match: /^fedex\b/i, url: (n) => `https://www.fedex.com/fedextrack/?trknbr=${encodeURIComponent(n)}` },
  {
    match: /^dhl\b/i,
    url: (n) =>
      `https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id=${encodeURIComponent(n)}`,
  },
];

export function trackingUrlFor(carrier: string, trackingNumber: string): string | null {
  const page = PAGES.find((p) => p.match.test(carrier.trim()));
  return page ? page.url(trackingNumber.trim()) : null;
}
