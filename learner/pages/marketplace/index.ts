/**
 * The marketplace (docs/marketplace.md): `/marketplace` (catalogue), `/marketplace/:id`, `/my_lms`, the hand-off page.
 * One lazy chunk for these routes (learner/App.tsx), a file per screen: `Marketplace.tsx` (the catalogue, with
 * `../MarketplaceAds.tsx`), `MarketplaceItem.tsx` (a program's page and its demo viewer, with `Checkout.tsx`), `MyLms.tsx`,
 * `Handoff.tsx`, `MarketplaceDemo.tsx` (`/marketplace/:id/demo`); `DemoViewer.tsx`, `parts.tsx` and `model.ts` are shared.
 */
export { default } from './Marketplace.tsx';
export { MarketplaceItem } from './MarketplaceItem.tsx';
export { MarketplaceDemo } from './MarketplaceDemo.tsx';
export { MyLms } from './MyLms.tsx';
export { Handoff } from './Handoff.tsx';
