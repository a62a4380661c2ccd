import type { FastifyInstance } from 'fastify';
import { foundCheaperRoutes } from './found-cheaper.ts';
import { adsRoutes } from './ads.ts';
import { catalogueRoutes } from './catalogue.ts';
import { myWalletRoutes, walletAdminRoutes } from './wallet.ts';
import { purchaseRoutes } from './purchase.ts';
import { listingRoutes } from './admin.ts';
import { invoiceRoutes } from './invoices.ts';

/**
 * The module's public face (docs/server-layout.md): networking's catalog tab asks which of a member's programs are on
 * the marketplace; payments answers the specification's invoice path for a marketplace purchase.
 */
export { publishedPrograms, type PublishedProgram } from './published-programs.ts';
export { marketplaceInvoice } from './invoices.ts';

/**
 * Marketplace (issue 13, docs/marketplace.md): publishing, catalogue, demo access, wallets, purchase, My LMS, hand-off.
 * The parts register in this order (the OpenAPI document lists the routes so).
 */
export default async function marketplaceModule(fastify: FastifyInstance) {
  await foundCheaperRoutes(fastify);
  await adsRoutes(fastify);
  catalogueRoutes(fastify); // the learner's browsing: categories, catalogue, program, demo materials and videos
  myWalletRoutes(fastify); // the student's wallets
  purchaseRoutes(fastify); // quote, purchase, My LMS, hand-off
  listingRoutes(fastify); // back office: listings, buyers from other schools
  invoiceRoutes(fastify); // legal entities: the invoice PDF, the back office's invoices and "paid"
  walletAdminRoutes(fastify); // back office: the ledger, credits
}
