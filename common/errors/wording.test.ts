// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client.ts';
import { errorsEn } from '../i18n/errors.en.ts';
import { describeError, errorsReady, errorsWanted, hasErrors, loadErrorsWith } from './wording.ts';

// The portal's way (learner/i18n.ts): no catalogue in the first load, the interface language's one fetched on demand.
describe('error wording with catalogues loaded on demand', () => {
  it('says only "server error" / "no connection" before any catalogue, loads one language once, then words every error', async () => {
    const wrongPassword = new ApiError(401, { name: 'ERROR_PASS' });
    expect(hasErrors('en')).toBe(false);
    expect(describeError(wrongPassword, 'en').title).toBe('Server error');
    expect(describeError(new ApiError(0, { message: 'Network error' }), 'ru').title).toBe('Нет связи');

    const asked: string[] = [];
    let fail = true;
    loadErrorsWith((lang) => {
      asked.push(lang);
      return fail ? Promise.reject(new Error('chunk failed')) : Promise.resolve(errorsEn);
    });
    await errorsReady('en'); // a chunk that cannot be had: never rejects, and can be tried again
    expect(hasErrors('en')).toBe(false);
    fail = false;
    await Promise.all([errorsReady('en'), errorsReady('en')]);
    expect(asked).toEqual(['en', 'en']); // the failed try, then one load for both callers
    expect(errorsWanted()).toBe(true);
    expect(describeError(wrongPassword, 'en').text).toBe('Wrong password.');
    await errorsReady('en');
    expect(asked).toHaveLength(2);
  });
});
