import { routeOf, screens } from '../../src/app/screens';

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

describe('screens: every route shows a screen', () => {
  // The back office's and the guest's chunks say which screen each of their routes shows: a route
  // added to the table but not to its chunk would render nothing.
  it.each(Object.keys(screens) as Array<keyof typeof screens>)('%s loads a component', async (route) => {
    const Screen = await screens[route](route);
    expect(typeof Screen).toBe('function');
  });
});
