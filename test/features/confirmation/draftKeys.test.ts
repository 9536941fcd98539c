import { guestKeyPattern } from '../../../src/domain/bookingRecord';
import { makeDraftId, makeGuestKey } from '../../../src/features/confirmation/draftKeys';

const uuidV4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('hotel mode draft keys', () => {
  afterEach(() => jest.restoreAllMocks());

  it('the guest key is 32 random bytes in base64url: 43 characters, different each time', () => {
    const keys = new Set(Array.from({ length: 50 }, makeGuestKey));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(guestKeyPattern);
  });

  it('the draft ID is a version 4 UUID', () => {
    expect(makeDraftId()).toMatch(uuidV4);
  });

  it('without crypto.randomUUID (plain http), still makes a version 4 UUID from random bytes', () => {
    const original = crypto.randomUUID;
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      const ids = new Set(Array.from({ length: 20 }, makeDraftId));
      expect(ids.size).toBe(20);
      for (const id of ids) expect(id).toMatch(uuidV4);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true });
    }
  });
});
