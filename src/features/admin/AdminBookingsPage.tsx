export function AdminBookingsPage() {
  return (
    <section className="page" aria-labelledby="page-title">
      <title>Admin Booking Dashboard</title>
      <h1 id="page-title">Admin Booking Dashboard</h1>
    </section>
  );
}
