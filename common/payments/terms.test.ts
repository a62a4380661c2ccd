import { describe, expect, it } from 'vitest';
import { CURRENCIES, INSTALMENTS } from './terms.ts';
import * as server from '../../server/modules/payments/store.ts';
import * as editor from '../../admin/resources/payments/schedule.ts';
import { checkClientSetting } from '../../server/modules/settings/admin.ts';

describe('payment terms: one list for the server, the client setting and the schedule editor', () => {
  it("the server's schedules and the back office's editor read the same instalment terms and currencies", () => {
    expect(server.INSTALMENTS).toBe(INSTALMENTS);
    expect(server.CURRENCIES).toBe(CURRENCIES);
    expect(editor.INSTALMENTS).toBe(INSTALMENTS);
    expect(editor.CURRENCIES).toBe(CURRENCIES);
  });

  it('the client setting "instalments" accepts exactly the terms a schedule may have', () => {
    expect(checkClientSetting('17', [...INSTALMENTS].reverse())).toEqual([...INSTALMENTS]);
    expect(() => checkClientSetting('17', [7])).toThrow();
  });
});
