/** Stops the hotel server that hotelServerSetup.ts started, and removes its database. */
export default async function stopHotelForScreens(): Promise<void> {
  await (globalThis as { hotelForScreens?: { stop(): Promise<void> } }).hotelForScreens?.stop();
}
