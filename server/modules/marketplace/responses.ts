import { Type } from 'typebox';
import { ListMeta } from '../../core/pagination.ts';
import { DateTime, Day, MaybeDateTime, dataOf, listOf } from '../../core/responses.ts';
import { Id, nullable } from '../../core/schemas.ts';

/**
 * What the marketplace's routes answer (docs/api.md "Response contracts"). The catalogue's objects (`CatalogueProgram`,
 * `CurrentAd`) are what crosses schools: they name only the shop window's fields of published-programs.ts and
 * current-ads.ts, so the serialiser sends nothing else of a selling school (not its id, not a row it did not mean
 * to show) even if those functions ever return more.
 */

const Text = Type.String();
const MaybeText = nullable(Text);
const Money = Type.Number();
const School = Type.Object({ slug: Text, title: Text });
/** A material's kind (video, pdf, file, link, text, project: server/db/schema/learning.ts). */
const MediaKind = Text;
const PurchaseMethod = Type.Union([Type.Literal('wallet'), Type.Literal('instalments'), Type.Literal('invoice')]);
const ProgressState = Type.Union([Type.Literal('not_started'), Type.Literal('in_process'), Type.Literal('done')]);
const PurchaseStatus = Type.Union([Type.Literal('active'), Type.Literal('pending')]);

/** A store category (shared reference data). */
export const StoreCategory = Type.Object({ id: Id, slug: Text, title_ru: Text, title_en: Text, sort: Type.Integer() });
export const StoreCategories = dataOf(Type.Array(StoreCategory));
const CategoryRef = Type.Object({ id: Id, title_ru: Text, title_en: Text });

/** A price of a published program, per format and currency (`amount` with the listing's discount applied). */
const PublishedPrice = Type.Object({
  id: Id,
  format: Text,
  currency: Text,
  full_amount: Money,
  amount: Money,
  extra_amount: Money,
  extra_currency: MaybeText,
});
const ProgramFields = {
  id: Id,
  school: School,
  title: Text,
  title_en: MaybeText,
  short_description: MaybeText,
  full_description: MaybeText,
  language: MaybeText,
  skills: Type.Array(Text),
  knowledge: Type.Array(Text),
  requirements: MaybeText,
  duration: MaybeText,
  format: MaybeText,
  logo: MaybeText,
  category: nullable(CategoryRef),
  discount_percent: Type.Integer(),
  instalment_months: Type.Array(Type.Integer()),
  published_at: MaybeDateTime,
  prices: Type.Array(PublishedPrice),
  demo_media: Type.Array(Id),
};
/** A published program as the catalogue shows it (another school's shop window). */
export const CatalogueProgram = Type.Object(ProgramFields);
/** The structure of a published program: titles only, materials with their demo mark. */
const Chapter = Type.Object({
  id: Id,
  title: Text,
  materials: Type.Array(Type.Object({ id: Id, title: Text, kind: MediaKind, demo: Type.Boolean() })),
  quizzes: Type.Array(Type.Object({ id: Id, title: Text })),
});

/** An ad of a school on the marketplace, in its period. */
export const CurrentAd = Type.Object({
  id: Id,
  title: Text,
  title_en: MaybeText,
  image: MaybeText,
  link: Type.Union([Type.Object({ program_id: Id }), Type.Object({ category: CategoryRef })]),
  school: School,
  starts_on: Day,
  ends_on: Day,
});

/** The catalogue: a page of published programs with the ads beside it. */
export const CataloguePage = Type.Object({ data: Type.Array(CatalogueProgram), ads: Type.Array(CurrentAd), meta: ListMeta });
export const ProgramAnswer = dataOf(
  Type.Object({
    ...ProgramFields,
    chapters: Type.Array(Chapter),
    own_school: Type.Boolean(),
    purchase: nullable(Type.Object({ id: Id, status: PurchaseStatus, method: PurchaseMethod })),
  }),
);
export const DemoList = dataOf(Type.Array(Type.Object({ id: Id, title: Text, kind: MediaKind, demo: Type.Boolean(), chapter: Text })));
export const DemoMaterial = dataOf(Type.Object({ id: Id, title: Text, kind: MediaKind, body: MaybeText, url: MaybeText, file_name: MaybeText, video: Type.Boolean() }));

/** The student's wallets and the newest 100 entries of their ledger. */
export const MyWallet = dataOf(
  Type.Object({
    wallets: Type.Array(Type.Object({ currency: Text, balance: Money })),
    entries: Type.Array(Type.Object({ id: Id, amount: Money, currency: Text, reason: Text, created_at: DateTime, by: MaybeText })),
  }),
);

export const PurchaseQuote = dataOf(
  Type.Object({
    program: Type.Object({ id: Id, title: Text, title_en: MaybeText, school: School }),
    format: Text,
    currency: Text,
    full_amount: Money,
    amount: Money,
    discount_percent: Type.Integer(),
    wallet_balance: Money,
    can_pay_by_wallet: Type.Boolean(),
    instalment_months: Type.Array(Type.Integer()),
    bought: Type.Boolean(),
  }),
);

/** A purchase, as kept in the buyer's school. */
const PurchaseFields = {
  id: Id,
  program_id: Id,
  program_title: Text,
  school: Text,
  format: Text,
  currency: Text,
  amount: Money,
  method: PurchaseMethod,
  status: PurchaseStatus,
  created_at: DateTime,
};
export const PurchaseAnswer = dataOf(Type.Object(PurchaseFields));
/** My LMS: each purchase with the progress of the buyer's learner account in the seller's school and what is left to pay. */
export const MyPurchases = dataOf(
  Type.Array(
    Type.Object({
      ...PurchaseFields,
      progress: nullable(Type.Object({ percent: Type.Number(), state: ProgressState })),
      left_to_pay: Money,
    }),
  ),
);
export const HandoffCode = dataOf(Type.Object({ domain: Text, code: Text, program_id: Id }));
/** A session in the seller's school (the token pair of POST /api/token, without an envelope) and the program to open. */
export const HandoffSession = Type.Object({ token_type: Type.Literal('Bearer'), access_token: Text, expires_in: Type.Integer(), refresh_token: Text, program_id: Id });

/** A listing in the back office. */
const Listing = Type.Object({
  id: Id,
  program_id: Id,
  title: Text,
  category_id: nullable(Id),
  published: Type.Boolean(),
  discount_percent: Type.Integer(),
  instalment_months: Type.Array(Type.Integer()),
  demo_media: Type.Array(Id),
  published_at: MaybeDateTime,
  buyers: Type.Integer(),
});
export const ListingPage = listOf(Listing);
export const ListingAnswer = dataOf(Listing);

/** A buyer of another school: the learner account here, the buyer's school's name, the titles of the programs studied. */
export const LearnerPage = listOf(Type.Object({ id: Id, user_id: Id, name: Text, surname: Text, buyer_school: Text, created_at: DateTime, programs: Type.Array(Text) }));

export const InvoicePage = listOf(
  Type.Object({
    id: Id,
    program: Text,
    student: Text,
    buyer_school: Text,
    company: Text,
    inn: Text,
    amount: Money,
    currency: Text,
    status: Type.Union([Type.Literal('unpaid'), Type.Literal('paid')]),
    paid_at: MaybeDateTime,
    created_at: DateTime,
  }),
);
export const InvoicePaid = dataOf(Type.Object({ id: Id, status: Type.Literal('paid') }));

export const WalletLedgerPage = listOf(Type.Object({ id: Id, user_id: Id, student: Text, amount: Money, currency: Text, reason: Text, created_at: DateTime, balance: Money }));
/** A credit: the ledger entry written, with the wallet's balance after it. */
export const WalletCredit = dataOf(
  Type.Object({
    id: Id,
    tenant_id: Id,
    wallet_id: Id,
    user_id: Id,
    amount: Money,
    currency: Text,
    reason: Text,
    by_user_id: nullable(Id),
    purchase_id: nullable(Id),
    created_at: DateTime,
    balance: Money,
  }),
);

/** An ad in the back office: `image` is its public URL, `showing` whether today is in its period. */
const AdminAd = Type.Object({
  id: Id,
  title: Text,
  title_en: MaybeText,
  image: MaybeText,
  program_id: nullable(Id),
  program: MaybeText,
  category_id: nullable(Id),
  starts_on: Day,
  ends_on: Day,
  created_at: DateTime,
  showing: Type.Boolean(),
});
export const AdPage = listOf(AdminAd);
export const AdAnswer = dataOf(AdminAd);

const RequestFields = {
  id: Id,
  program_id: Id,
  program: Text,
  place: Text,
  price: Money,
  currency: Text,
  link: MaybeText,
  comment: MaybeText,
  answer: MaybeText,
  answered_at: MaybeDateTime,
  created_at: DateTime,
};
/** A "found cheaper" request as its student sees it (kept by the selling school `school`). */
const StudentRequest = Type.Object({ ...RequestFields, school: Text });
export const StudentRequests = dataOf(Type.Array(StudentRequest));
export const StudentRequestAnswer = dataOf(StudentRequest);
/** A "found cheaper" request as the selling school sees it: the buyer's school and name, not their id. */
const AdminRequest = Type.Object({ ...RequestFields, buyer_school: Text, buyer_name: Text });
export const AdminRequestPage = listOf(AdminRequest);
export const AdminRequestAnswer = dataOf(AdminRequest);
