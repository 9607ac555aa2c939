import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '@swapu/shared/audit';
import en from '../../i18n/en-US/audit.json';
import pt from '../../i18n/pt-PT/audit.json';

describe('the audit log’s actions', () => {
  it('has a name for every action the server records, in both languages', () => {
    for (const action of AUDIT_ACTIONS) {
      const key = action.replace(/\./g, '_');
      expect((en.actions as Record<string, string>)[key], `en-US ${key}`).toBeTruthy();
      expect((pt.actions as Record<string, string>)[key], `pt-PT ${key}`).toBeTruthy();
    }
  });
});
