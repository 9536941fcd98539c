export function CustomerBookingPage() {
  return (
    <section className="page" aria-labelledby="page-title">
      <title>Your Booking Details</title>
      <h1 id="page-title">Your Booking Details</h1>
    </section>
  );
}
