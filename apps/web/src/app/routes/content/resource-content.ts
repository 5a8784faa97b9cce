/** Copy of the resource pages, keyed by the canonical path segment of /resources/{segment}. */
export interface ResourceContent {
  title: string;
  intro: string;
  sections: { title: string; items: string[] }[];
  cta?: { to: string; label: string };
}

export const RESOURCE_CONTENT: Record<string, ResourceContent> = {
  'guide-templates': {
    title: 'Guides & Templates',
    intro: 'Set up your files once and print them right the first time.',
    sections: [
      {
        title: 'Interior files',
        items: [
          'Export a print-ready PDF with fonts embedded, one page per PDF page, at your trim size.',
          'Keep text at least 0.5 in (12.7 mm) from the trim edge; add 0.125 in (3.2 mm) bleed where images touch the edge.',
          'Use 300 dpi images; convert color books to CMYK or let us convert sRGB for you.',
          'Interior PDFs may have 2 to 800 pages.',
        ],
      },
      {
        title: 'Covers',
        items: [
          'Covers are one spread: back cover, spine and front cover. The spine width grows with page count and paper.',
          'Upload a JPG, PNG or PDF cover, or ask our cover design expert to make one.',
        ],
      },
    ],
    cta: { to: '/calculator/printbook', label: 'Price your book' },
  },
  blog: {
    title: 'Blog',
    intro: 'Tips and stories from the Bindery print floor.',
    sections: [
      {
        title: 'Recent articles',
        items: [
          'Choosing a binding: perfect bound, coil, saddle stitch or hardcover?',
          'Cream or white paper? How paper changes the feel of your book.',
          'Ordering in bulk: how our 5%, 10% and 15% discounts work.',
        ],
      },
    ],
  },
  'publishing-resources': {
    title: 'Publishing Resources',
    intro: 'Everything between a finished manuscript and a book in readers’ hands.',
    sections: [
      {
        title: 'Before you print',
        items: ['Get an ISBN if you plan to sell through stores.', 'Order a single proof copy and read it on paper.', 'Check margins, page numbers and the spine text.'],
      },
      { title: 'Selling', items: ['Print a short run for events and direct sales.', 'Reorder any time: your project stays ready to print.'] },
    ],
    cta: { to: '/start-project', label: 'Start a project' },
  },
  'contact-resources': {
    title: 'Contact Us',
    intro: 'Questions about files, pricing or an order? We answer within one business day.',
    sections: [
      { title: 'Email', items: ['hello@bindery.example'] },
      { title: 'Hours', items: ['Monday to Friday, 9:00–17:00'] },
    ],
  },
  'hire-professional': {
    title: 'Hire a Professional',
    intro: 'Work with our cover design expert to give your book a professional cover.',
    sections: [
      {
        title: 'How it works',
        items: [
          'Create a project and upload your interior PDF.',
          'Choose “Contact Cover Design Expert” and describe your cover, including the binding type.',
          'Our designer contacts you by email with drafts.',
        ],
      },
    ],
    cta: { to: '/start-project', label: 'Start a project' },
  },
  'plan-project': {
    title: 'Plan Your Project',
    intro: 'A short checklist from idea to printed book.',
    sections: [
      {
        title: 'Checklist',
        items: [
          'Pick a product and trim size, then price it with the calculator.',
          'Write and lay out your interior; export a PDF.',
          'Design a cover or hire our expert.',
          'Create the project, upload, review the quote and order.',
        ],
      },
    ],
    cta: { to: '/pricing', label: 'Compare prices' },
  },
};
