import { routeOf } from '../../src/app/screens';

describe('routeOf: the screen a typed address lands on, as the router matches it', () => {
  it.each([
    ['/', '/'],
    ['/Booking', '/booking'],
    ['/booking/', '/booking'],
    ['/booking-details', '/booking-details'],
    ['/customer-booking/BK123456', '/customer-booking/:bookingId'],
    ['/customer-booking/', '*'],
    ['/customer-booking/a/b', '*'],
    ['/nowhere', '*'],
  ])('%s lands on %s', (pathname, route) => {
    expect(routeOf(pathname)).toBe(route);
  });
});
