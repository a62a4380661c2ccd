import type { TranslateFunction } from 'react-admin';

/**
 * The texts MUI's Autocomplete shows of its own (its buttons' titles "Open", "Close", "Clear" and its list's loading
 * line), in the interface language: react-admin's AutocompleteInput translates them, a bare MUI Autocomplete of a custom
 * screen does not and showed "Open" in the Russian interface (found by e2e/accessibility.spec.ts's language check).
 */
export const autocompleteTexts = (t: TranslateFunction) => ({
  openText: t('ra.action.open'),
  closeText: t('ra.action.close'),
  clearText: t('ra.action.clear_input_value'),
  loadingText: t('ra.message.loading'),
});
