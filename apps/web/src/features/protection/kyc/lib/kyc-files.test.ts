import { KYC_MAX_FILE_BYTES } from '@playfront/contract/kyc-paths';
import { describe, expect, it } from 'vitest';
import { acceptOf, fileProblem } from './kyc-files.ts';

describe('KYC file checks in the browser', () => {
  it('takes JPEG, PNG and PDF documents up to 8 MB, and only pictures for the selfie', () => {
    expect(fileProblem('ID_FRONT', { type: 'application/pdf', size: 1000 })).toBeNull();
    expect(fileProblem('SELFIE', { type: 'application/pdf', size: 1000 })).toBe('type');
    expect(fileProblem('ADDRESS', { type: 'image/gif', size: 1000 })).toBe('type');
    expect(fileProblem('ID_BACK', { type: 'image/jpeg', size: KYC_MAX_FILE_BYTES })).toBeNull();
    expect(fileProblem('ID_BACK', { type: 'image/jpeg', size: KYC_MAX_FILE_BYTES + 1 })).toBe('size');
    expect(acceptOf('SELFIE')).toBe('image/jpeg,image/png');
  });
});
