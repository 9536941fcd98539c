export function ViewBookingsPage() {
  return (
    <section className="page" aria-labelledby="page-title">
      <title>All Booked Rooms</title>
      <h1 id="page-title">All Booked Rooms</h1>
    </section>
  );
}
