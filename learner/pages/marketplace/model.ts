import type { CatalogueProgram, ProgramAnswer, StoreCategories } from '../../../common/api/types/marketplace.ts';

/** The marketplace's shapes as the API answers them (derived from the server's schemas), and small helpers its screens share (docs/marketplace.md). */

export type { CatalogueMeta as Meta } from '../../../common/api/types/marketplace.ts';
/** A program of the catalogue, or one program's page (which adds its chapters, whose school and the purchase). */
export type Program = CatalogueProgram & Partial<Pick<ProgramAnswer['data'], 'chapters' | 'own_school' | 'purchase'>>;
export type Price = CatalogueProgram['prices'][number];
export type Category = StoreCategories['data'][number];

export const FORMATS = ['full-time', 'blended', 'online'];
export const titleOf = (p: { title: string; title_en: string | null }, en: boolean) => (en && p.title_en ? p.title_en : p.title);
