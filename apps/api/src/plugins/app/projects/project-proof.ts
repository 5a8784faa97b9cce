/**
 * A proof copy of a saved book (docs/decisions/0078): a new draft project of the owner's on the book's files and
 * options, one copy (`PROOF_QUANTITY`), `proof_of` the book. Priced at the single-copy price: one copy is below
 * every bulk tier, and a quote that found a discount would be a broken invariant (an Error, not a price). The
 * cart and checkout read `proof_of` from the row; the client never says what is a proof nor what it costs.
 * A book has one open proof draft at a time: asking again answers it (the book's row lock serialises the asks).
 */
import type { Transaction } from 'kysely';
import { messages } from '@bindery/contracts/messages';
import { ProjectConfiguration, type Project } from '@bindery/contracts/store/projects';
import { PROOF_QUANTITY } from '@bindery/pricing/discounts';
import { productByName } from '@bindery/pricing/products';
import type { DB } from '#db/database.js';
import { DomainError } from '#lib/domain-error.js';
import { price, toProjectPrice, type ProjectsDeps } from './project-mapping.js';
import {
  findOpenProofOf,
  insertProject,
  lockOwnProject,
  stampBookProofApproved,
} from './projects.repository.js';

const p = messages.proofs;

export function createProjectProof(
  deps: Pick<ProjectsDeps, 'db' | 'catalog' | 'clock'>,
  getMine: (userId: number, id: number) => Promise<Project>,
) {
  /** POST api/book/{id}/proof/: the book's proof draft, new (`created`) or the one already open. */
  async function orderProof(userId: number, bookId: number): Promise<{ project: Project; created: boolean }> {
    const list = await deps.catalog.priceList();
    const outcome = await deps.db.transaction().execute(async (trx) => {
      const book = await lockOwnProject(trx, bookId, userId);
      if (!book) throw new DomainError('not_found', messages.projects.projectNotFound);
      if (book.proof_of !== null) throw new DomainError('invalid', p.notOfAProof, { code: 'PROOF_OF_PROOF' });
      const product = productByName(book.category);
      if (product?.digital) throw new DomainError('invalid', p.notForEbook, { code: 'PROOF_NOT_PRINTED' });
      const configuration =
        book.configuration === null ? null : ProjectConfiguration.parse(book.configuration);
      if (!product || !configuration)
        throw new DomainError('invalid', p.notOrderable, { code: 'INVALID_CONFIGURATION' });
      const open = await findOpenProofOf(trx, book.id);
      if (open !== undefined) return { id: open, created: false };
      const quote = price(list, product, configuration, book.page_count, PROOF_QUANTITY);
      if (quote.quote.discount !== null)
        throw new Error('A proof copy is priced without bulk tiers (ADR 0078)');
      const id = await insertProject(trx, {
        user_id: userId,
        title: book.title,
        category: book.category,
        language: book.language,
        product_slug: product.slug,
        page_count: book.page_count,
        quantity: PROOF_QUANTITY,
        configuration: JSON.stringify(configuration),
        options: JSON.stringify(book.options),
        price: JSON.stringify(toProjectPrice(quote, deps.clock.now())),
        pdf_upload_id: book.pdf_upload_id,
        cover_upload_id: book.cover_upload_id,
        // The files were checked against these very options: the reports are the book's.
        preflight: book.preflight === null ? null : JSON.stringify(book.preflight),
        cover_preflight: book.cover_preflight === null ? null : JSON.stringify(book.cover_preflight),
        proof_of: book.id,
      });
      return { id, created: true };
    });
    return { project: await getMine(userId, outcome.id), created: outcome.created };
  }

  /** The orders module's approval (its transaction): the book the proof proves is marked approved. */
  function proofApprovedWithin(trx: Transaction<DB>, bookId: number, at: Date): Promise<void> {
    return stampBookProofApproved(trx, bookId, at);
  }

  return { orderProof, proofApprovedWithin };
}
