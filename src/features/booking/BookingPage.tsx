export function BookingPage() {
  return (
    <section className="page" aria-labelledby="page-title">
      <title>Book a Room</title>
      <h1 id="page-title">Book a Room</h1>
    </section>
  );
}
