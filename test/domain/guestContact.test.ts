import fc from 'fast-check';
import {
  checkGuestMobile,
  checkGuestName,
  guestMobileIndianProblem,
  guestMobileMissing,
  guestMobileProblem,
  guestNameBadCharacters,
  guestNameMissing,
  guestNameTooLong,
  searchTermForMobile,
  showGuestMobile,
} from '../../src/domain/guestContact';

describe("the guest's name", () => {
  test.each([
    ['  Ravi   Kumar ', 'Ravi Kumar'],
    ["Mary-Jane O'Neil", "Mary-Jane O'Neil"],
    ['Dr. A. Iyer', 'Dr. A. Iyer'],
    ['रवि कुमार', 'रवि कुमार'],
    ['முருகன்', 'முருகன்'],
    ['ಅನಿಲ್ ಕುಮಾರ್', 'ಅನಿಲ್ ಕುಮಾರ್'],
    ['D’Souza', "D'Souza"],
  ])('%j is stored as %j', (typed, stored) => {
    expect(checkGuestName(typed)).toEqual({ value: stored });
  });

  test.each([
    ['', guestNameMissing],
    ['   ', guestNameMissing],
    ['Ravi <script>', guestNameBadCharacters],
    ['R2D2', guestNameBadCharacters],
    ['ravi@example.com', guestNameBadCharacters],
    ['-Ravi', guestNameBadCharacters],
    ['a'.repeat(101), guestNameTooLong],
  ])('%j is refused: %s', (typed, problem) => {
    expect(checkGuestName(typed)).toEqual({ problem });
  });

  test('property: a stored name is trimmed, 1 to 100 characters, and checking it again gives it back', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 120 }), (typed) => {
        const checked = checkGuestName(typed);
        if ('value' in checked) {
          expect(checked.value).toBe(checked.value.trim());
          expect(checked.value.length).toBeGreaterThanOrEqual(1);
          expect(checked.value.length).toBeLessThanOrEqual(100);
          expect(checkGuestName(checked.value)).toEqual(checked);
        }
      }),
    );
  });
});

describe("the guest's mobile number", () => {
  test.each([
    ['9876543210', '+919876543210'],
    ['98765 43210', '+919876543210'],
    ['098765-43210', '+919876543210'],
    ['+91 98765 43210', '+919876543210'],
    ['91 98765 43210', '+919876543210'],
    ['+91-6000000000', '+916000000000'],
    ['+44 7700 900123', '+447700900123'],
    ['+1 415-555-0100', '+14155550100'],
    ['+6512345678', '+6512345678'],
  ])('%j is stored as %j', (typed, stored) => {
    expect(checkGuestMobile(typed)).toEqual({ value: stored });
  });

  test.each([
    ['', guestMobileMissing],
    ['  ', guestMobileMissing],
    ['5876543210', guestMobileIndianProblem],
    ['98765 4321', guestMobileIndianProblem],
    ['+91 98765 432101', guestMobileIndianProblem],
    ['+44 12', guestMobileProblem],
    ['+1234567890123456', guestMobileProblem],
    ['447700900123456', guestMobileProblem],
    ['98765 abcde', guestMobileProblem],
    ['(98765) 43210', guestMobileProblem],
  ])('%j is refused: %s', (typed, problem) => {
    expect(checkGuestMobile(typed)).toEqual({ problem });
  });

  test('property: any Indian mobile, however it is spaced and prefixed, is stored as +91 and its 10 digits', () => {
    const digits = fc
      .tuple(fc.constantFrom('6', '7', '8', '9'), fc.array(fc.constantFrom(...'0123456789'), { minLength: 9, maxLength: 9 }))
      .map(([first, rest]) => first + rest.join(''));
    fc.assert(
      fc.property(
        digits,
        fc.constantFrom('', '+91', '91', '0', '+91 ', '+91-'),
        fc.array(fc.constantFrom('', ' ', '-'), { minLength: 10, maxLength: 10 }),
        (number, prefix, gaps) => {
          const typed = prefix + [...number].map((d, i) => d + gaps[i]).join('');
          expect(checkGuestMobile(typed)).toEqual({ value: `+91${number}` });
        },
      ),
    );
  });

  test('property: whatever is accepted is E.164 (+, 8 to 15 digits) and checking it again gives it back', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[+\d\s-]{0,20}$/), (typed) => {
        const checked = checkGuestMobile(typed);
        if ('value' in checked) {
          expect(checked.value).toMatch(/^\+[1-9]\d{7,14}$/);
          expect(checkGuestMobile(checked.value)).toEqual(checked);
        }
      }),
    );
  });

  test('is shown readably: Indian numbers in two groups of five, others as stored', () => {
    expect(showGuestMobile('+919876543210')).toBe('+91 98765 43210');
    expect(showGuestMobile('+447700900123')).toBe('+447700900123');
  });

  test('a search typed as a number loses its spaces and dashes; any other search stays as typed', () => {
    expect(searchTermForMobile('98765 43210')).toBe('9876543210');
    expect(searchTermForMobile('+91 98765-43210')).toBe('+919876543210');
    expect(searchTermForMobile('Ravi Kumar')).toBe('Ravi Kumar');
    expect(searchTermForMobile('BK123456')).toBe('BK123456');
  });
});
