/**
 * react-dates 21 uses the legacy lifecycles React 19 warns about, and measures layout that
 * jsdom does not have. Those known messages are dropped so that a new warning stands out.
 */
const known = [/componentWill(ReceiveProps|Update) has been renamed/, /is an invalid value for the `(height|%s)` css style property/];

export function quietReactDates(): void {
  afterEach(() => jest.restoreAllMocks());
  for (const level of ['warn', 'error'] as const) {
    const original = console[level];
    beforeEach(() => {
      jest.spyOn(console, level).mockImplementation((...args: unknown[]) => {
        if (typeof args[0] === 'string' && known.some((pattern) => pattern.test(args[0] as string))) return;
        original(...args);
      });
    });
  }
}
