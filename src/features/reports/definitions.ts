/**
 * What each figure means, in one line a person who does not run hotels understands. The screen
 * shows them beside the figures; README "Reports" says the same.
 */
export const definitions = {
  occupancy:
    'Room-nights sold ÷ room-nights available. A room-night is one room for one night; rooms out of service are not available. A night another channel’s calendar took counts as sold there.',
  adr: 'Average daily rate: room revenue ÷ room-nights sold here, what a sold room brought in for one night, before GST (a channel’s calendar does not say its price).',
  revpar: 'Revenue per available room: room revenue ÷ room-nights available, what each room you could sell brought in a night.',
  revenue: 'The price of the room-nights sold on these nights, before GST.',
  stay: 'Average length of stay: nights per stay, over the stays arriving on these dates.',
  lead: 'Average lead time: days from the day a stay was booked to the day the guest arrives, over the same stays.',
  cancellations: 'Share of the bookings arriving on these dates that were cancelled; lost: the price of their nights in the range.',
  noShows: 'Bookings arriving on these dates whose guests never came; lost: the price of their nights in the range.',
  occupancyByNight: 'Each night: the rooms sold out of the rooms there were to sell (rooms out of service left out).',
  sources:
    'Where the room-nights sold came from: the website, the front desk’s phone and walk-in bookings (and imported ones), or another channel’s calendar, by the name you gave it (its revenue is not known here).',
  pickup:
    'Room-nights and revenue booked in the last 1, 7 and 30 days for these nights, less those cancelled in the same days; beside them the same days a year before.',
  onTheBooks: 'The stays booked and not cancelled that arrive in each of the next 12 months, their room-nights and revenue before GST.',
  money: 'Room revenue of the nights sold, before GST, and the CGST and SGST on it, by rate.',
} as const;
