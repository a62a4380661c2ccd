/**
 * Networking (issue 14, docs/networking.md): my profile and status, search, a member's page with the alumni tree,
 * curator views. One lazy chunk for the four routes (learner/App.tsx), a file per screen:
 * `Networking.tsx` (`/networking`: `MyProfile.tsx` and `Search.tsx`), `MemberPage.tsx` (`/networking/:domain/:id`, with
 * `Tree.tsx`), `NetworkingCurator.tsx` (`/networking/curator`); `parts.tsx`, `model.ts`, `useReference.ts` are shared.
 */
export { default } from './Networking.tsx';
export { CuratorMember, NetworkingMember } from './MemberPage.tsx';
export { NetworkingCurator } from './NetworkingCurator.tsx';
