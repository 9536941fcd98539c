const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });

/** Indian grouping with the rupee sign: 150000 -> ₹1,50,000. */
export function formatInr(amount: number): string {
  return inr.format(Number.isFinite(amount) ? amount : 0);
}
