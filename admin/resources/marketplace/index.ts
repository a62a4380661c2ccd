import StorefrontIcon from '@mui/icons-material/Storefront';
import GroupsIcon from '@mui/icons-material/Groups';
import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import type { ResourceConfig } from '../../framework/types.ts';
import ReceiptIcon from '@mui/icons-material/Receipt';
import PriceCheckIcon from '@mui/icons-material/PriceCheck';
import CampaignIcon from '@mui/icons-material/Campaign';
import { MarkInvoicePaid } from './actions.tsx';
import { ACCESS } from '../../../common/access/roles.ts';

const ADMINS = ACCESS.school.read;
/** The store categories (fixed ids, server/modules/marketplace/store.ts). */
const categories = ['management', 'finance', 'marketing', 'it', 'languages', 'soft_skills', 'law', 'other'].map((k, i) => ({ id: i + 1, name: `market.categories.${k}` }));
const currencies = ['RUB', 'USD', 'EURO'].map((id) => ({ id, name: id }));

/** Publishing the school's programs on the marketplace (docs/marketplace.md). */
export const marketplace: ResourceConfig = {
  name: 'marketplace',
  menu: { group: 'marketplace', rank: 10 },
  apiPath: '/admin/marketplace/listing',
  icon: StorefrontIcon,
  roles: { list: ADMINS, create: ADMINS, edit: ADMINS, delete: ADMINS },
  recordRepresentation: 'title',
  fields: [
    { source: 'id', type: 'number' },
    { source: 'program_id', type: 'reference', reference: 'courses', optionText: 'title', required: true, only: 'create' },
    { source: 'title', type: 'text' },
    { source: 'category_id', type: 'select', choices: categories },
    { source: 'published', type: 'boolean' },
    { source: 'discount_percent', type: 'number', helperText: 'market.listing_help' },
    { source: 'instalment_months', type: 'lines' },
    { source: 'demo_media', type: 'references', reference: 'media', optionText: 'title' },
    { source: 'published_at', type: 'datetime' },
    { source: 'buyers', type: 'number' },
  ],
  list: { columns: ['id', 'title', 'category_id', 'published', 'discount_percent', 'published_at', 'buyers'], search: true, sort: { field: 'id', order: 'DESC' }, empty: 'market.listings_empty' },
  form: [{ label: 'tabs.main', fields: ['program_id', 'category_id', 'published', 'discount_percent', 'instalment_months', 'demo_media'] }],
  redirectAfterCreate: 'list',
};

/** Students of other schools who bought the school's programs: their learner accounts here and their school. */
export const marketLearners: ResourceConfig = {
  name: 'market-learners',
  menu: { group: 'marketplace', rank: 30 },
  apiPath: '/admin/marketplace/learners',
  icon: GroupsIcon,
  roles: { list: ADMINS, edit: [], create: [] },
  fields: [
    { source: 'id', type: 'number' },
    { source: 'surname', type: 'text' },
    { source: 'name', type: 'text' },
    { source: 'buyer_school', type: 'text' },
    { source: 'programs', type: 'lines' },
    { source: 'created_at', type: 'datetime' },
  ],
  list: { columns: ['surname', 'name', 'buyer_school', 'programs', 'created_at'], export: false, empty: 'market.learners_empty' },
};

/** A student in the credit's picker: two students may share a surname, so the name and the login tell them apart. */
const studentOption = (u: Record<string, unknown>) => `${[u.surname, u.name].filter(Boolean).join(' ')} (${u.login})`;

/** The wallets' ledger of the school's students; a credit is a new entry (who and why). */
export const marketWallets: ResourceConfig = {
  name: 'market-wallets',
  menu: { group: 'marketplace', rank: 50 },
  apiPath: '/admin/marketplace/wallet',
  icon: AccountBalanceWalletIcon,
  roles: { list: ADMINS, create: ADMINS, edit: [] },
  fields: [
    { source: 'id', type: 'number' },
    { source: 'user_id', type: 'reference', reference: 'users', referenceFilter: { role: 'student' }, optionText: studentOption, required: true, only: 'create' },
    { source: 'student', type: 'text' },
    { source: 'currency', type: 'select', choices: currencies, required: true },
    { source: 'amount', type: 'number', required: true },
    { source: 'reason', type: 'text', required: true, maxLength: 255 },
    { source: 'balance', type: 'number' },
    { source: 'created_at', type: 'datetime' },
  ],
  list: { columns: ['created_at', 'student', 'amount', 'currency', 'reason', 'balance'], export: false, empty: 'market.wallets_empty' },
  form: [{ label: 'tabs.main', fields: ['user_id', 'currency', 'amount', 'reason'] }],
  redirectAfterCreate: 'list',
};

/** Invoices to legal entities of other schools; marking one paid opens the buyer's access. */
export const marketInvoices: ResourceConfig = {
  name: 'market-invoices',
  menu: { group: 'marketplace', rank: 40 },
  apiPath: '/admin/marketplace/invoice',
  icon: ReceiptIcon,
  roles: { list: ADMINS, edit: [], create: [] },
  fields: [
    { source: 'id', type: 'number' },
    { source: 'created_at', type: 'datetime' },
    { source: 'program', type: 'text' },
    { source: 'student', type: 'text' },
    { source: 'buyer_school', type: 'text' },
    { source: 'company', type: 'text' },
    { source: 'inn', type: 'text' },
    { source: 'amount', type: 'number' },
    { source: 'currency', type: 'text' },
    {
      source: 'status',
      type: 'select',
      choices: [
        { id: 'unpaid', name: 'market.unpaid' },
        { id: 'paid', name: 'market.paid' },
      ],
    },
  ],
  list: {
    columns: ['id', 'created_at', 'program', 'student', 'buyer_school', 'company', 'inn', 'amount', 'currency', 'status'],
    export: false,
    rowActions: [MarkInvoicePaid],
    empty: 'market.invoices_empty',
  },
};

/** "Found cheaper": students' reports of a lower price seen elsewhere for the school's programs; the admin answers. */
export const marketFoundCheaper: ResourceConfig = {
  name: 'market-found-cheaper',
  menu: { group: 'marketplace', rank: 60 },
  apiPath: '/admin/marketplace/found_cheaper',
  icon: PriceCheckIcon,
  roles: { list: ADMINS, edit: ADMINS, create: [] },
  recordRepresentation: 'program',
  fields: [
    { source: 'id', type: 'number' },
    { source: 'created_at', type: 'datetime' },
    { source: 'program', type: 'text' },
    { source: 'buyer_name', type: 'text' },
    { source: 'buyer_school', type: 'text' },
    { source: 'place', type: 'text' },
    { source: 'price', type: 'number' },
    { source: 'currency', type: 'text' },
    { source: 'link', type: 'text' },
    { source: 'comment', type: 'text' },
    { source: 'answer', type: 'textarea', required: true, maxLength: 2000 },
    { source: 'answered_at', type: 'datetime' },
  ],
  list: {
    columns: ['created_at', 'program', 'buyer_name', 'buyer_school', 'place', 'price', 'currency', 'link', 'comment', 'answer', 'answered_at'],
    export: false,
    empty: 'market.found_cheaper_empty',
  },
  form: [{ label: 'tabs.main', fields: ['answer'] }],
};

const IMAGES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];

/** Marketplace ads: banners of the school in the catalogue of every school, each linking to a program or a store category, during a period. */
export const marketAds: ResourceConfig = {
  name: 'market-ads',
  menu: { group: 'marketplace', rank: 20 },
  apiPath: '/admin/marketplace/ad',
  icon: CampaignIcon,
  roles: { list: ADMINS, create: ADMINS, edit: ADMINS, delete: ADMINS },
  recordRepresentation: 'title',
  fields: [
    { source: 'id', type: 'number' },
    { source: 'image', type: 'image', accept: IMAGES },
    { source: 'title', type: 'text', required: true, maxLength: 255 },
    { source: 'title_en', type: 'text', maxLength: 255 },
    { source: 'program_id', type: 'reference', reference: 'courses', optionText: 'title', helperText: 'market.ad_link_help' },
    { source: 'program', type: 'text' },
    { source: 'category_id', type: 'select', choices: categories },
    { source: 'starts_on', type: 'date', required: true },
    { source: 'ends_on', type: 'date', required: true },
    { source: 'showing', type: 'boolean' },
  ],
  list: { columns: ['id', 'image', 'title', 'program', 'category_id', 'starts_on', 'ends_on', 'showing'], search: true, export: false, empty: 'market.ads_empty' },
  form: [{ label: 'tabs.main', fields: ['title', 'title_en', 'image', 'program_id', 'category_id', 'starts_on', 'ends_on'] }],
  redirectAfterCreate: 'list',
};
