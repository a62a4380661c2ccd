import type {
  CataloguePage as CataloguePageSchema,
  DemoList as DemoListSchema,
  DemoMaterial as DemoMaterialSchema,
  HandoffCode as HandoffCodeSchema,
  HandoffSession as HandoffSessionSchema,
  MyPurchases as MyPurchasesSchema,
  MyWallet as MyWalletSchema,
  ProgramAnswer as ProgramAnswerSchema,
  PurchaseQuote as PurchaseQuoteSchema,
  StoreCategories as StoreCategoriesSchema,
  StudentRequests as StudentRequestsSchema,
} from '../../../server/modules/marketplace/responses.ts';
import type { Wire } from './wire.ts';

/** What the marketplace's learner routes answer (server/modules/marketplace/responses.ts). */
export type CataloguePage = Wire<typeof CataloguePageSchema>;
export type CatalogueProgram = CataloguePage['data'][number];
export type CatalogueMeta = CataloguePage['meta'];
export type CurrentAd = CataloguePage['ads'][number];
export type ProgramAnswer = Wire<typeof ProgramAnswerSchema>;
export type StoreCategories = Wire<typeof StoreCategoriesSchema>;
export type PurchaseQuote = Wire<typeof PurchaseQuoteSchema>;
export type MyPurchases = Wire<typeof MyPurchasesSchema>;
export type MyWallet = Wire<typeof MyWalletSchema>;
export type HandoffCode = Wire<typeof HandoffCodeSchema>;
export type HandoffSession = Wire<typeof HandoffSessionSchema>;
export type StudentRequests = Wire<typeof StudentRequestsSchema>;
export type DemoMaterial = Wire<typeof DemoMaterialSchema>;
export type DemoList = Wire<typeof DemoListSchema>['data'];
