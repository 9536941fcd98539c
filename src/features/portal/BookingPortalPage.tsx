export function BookingPortalPage() {
  return (
    <section className="page" aria-labelledby="page-title">
      <title>Hotel Booking Portal</title>
      <h1 id="page-title">Hotel Booking Portal</h1>
    </section>
  );
}
