/**
 * Session tokens live in `server/core/tokens.ts` (accounts, admin-users and the marketplace's hand-off issue them;
 * kept out of this module so that no module circle runs through accounts). The bench scripts import them here.
 */
export { LIFETIME, TokenAnswer, type TokenPair, issueTokens, revokeUserTokens } from '../../core/tokens.ts';
