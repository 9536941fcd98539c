import { describeError, isUnreachable, serverMessage, statusOf, unreachableMessage } from '../../src/api/requestErrors';

describe('telling a server that did not answer from one that said no', () => {
  it.each([
    [{ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' }, true],
    [{ status: 'TIMEOUT_ERROR', error: 'timed out' }, true],
    [{ status: 502, data: null }, true],
    [{ status: 503, data: { error: 'Service Unavailable', message: 'The database is away.' } }, true],
    [{ status: 504, data: null }, true],
    // A proxy's HTML page for a stopped server.
    [{ status: 'PARSING_ERROR', originalStatus: 502, data: '<html>Bad Gateway</html>', error: 'SyntaxError' }, true],
    [{ status: 409, data: { error: 'Conflict', message: 'Only 2 Suit Rooms are left for those dates.' } }, false],
    [{ status: 401, data: { error: 'Unauthorized', message: 'Wrong name or password.' } }, false],
    [{ status: 500, data: { error: 'Internal Server Error', message: 'Something went wrong.' } }, false],
    [undefined, false],
  ] as const)('%j: unreachable %s', (error, unreachable) => {
    expect(isUnreachable(error as never)).toBe(unreachable);
  });

  it('uses the server’s own words when it sent some, else the fallback', () => {
    const conflict = { status: 409, data: { error: 'Conflict', message: 'Only 2 Suit Rooms are left for those dates.' } } as const;
    expect(serverMessage(conflict)).toBe('Only 2 Suit Rooms are left for those dates.');
    expect(describeError(conflict, 'fallback')).toBe('Only 2 Suit Rooms are left for those dates.');
    expect(describeError({ status: 500, data: 'oops' }, 'fallback')).toBe('fallback');
    expect(describeError({ status: 'FETCH_ERROR', error: 'x' }, 'fallback')).toBe(unreachableMessage);
    expect(statusOf({ status: 404, data: null })).toBe(404);
    expect(statusOf({ status: 'FETCH_ERROR', error: 'x' })).toBeUndefined();
  });
});
