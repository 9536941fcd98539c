export function BookingDetailsPage() {
  return (
    <section className="page" aria-labelledby="page-title">
      <title>Booking Confirmation</title>
      <h1 id="page-title">Booking Confirmation</h1>
    </section>
  );
}
