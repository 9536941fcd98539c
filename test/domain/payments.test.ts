import fc from 'fast-check';
import { addDays } from '../../src/domain/dates';
import { amountDueNow, cancelRefundPaise, splitRefund, stayTotalPaise, voucherTax } from '../../src/domain/payments';
import type { PolicyKind, StayCharges } from '../../src/domain/payments';
import { priceNights, voucherNumber } from '../support/gstRule';

/**
 * The money of issue 37, to the paisa: what a guest pays now, the GST each receipt and refund
 * voucher shows, what a cancel gives back, and that vouchers, the invoice and the refunds add up.
 */

/** A stay as the hotel prices it: 1 to 14 nights of 1 to 3 rooms, each night ₹1 to ₹1,00,000, across both GST slabs. */
const stay = fc
  .record({
    prices: fc.array(fc.integer({ min: 100, max: 10_000_000 }), { minLength: 1, maxLength: 14 }),
    rooms: fc.integer({ min: 1, max: 3 }),
  })
  .map(({ prices, rooms }): StayCharges & { rooms: number } => {
    const { lines, totals } = priceNights(
      prices.map((pricePaise, i) => ({ night: addDays('2026-12-01', i), pricePaise })),
      rooms,
    );
    return {
      rooms,
      taxablePaise: totals.taxablePaise,
      cgstPaise: totals.cgstPaise,
      sgstPaise: totals.sgstPaise,
      firstNight: { taxablePaise: lines[0]!.taxablePaise, cgstPaise: lines[0]!.cgstPaise, sgstPaise: lines[0]!.sgstPaise },
    };
  });

const policy = fc.record({
  kind: fc.constantFrom<PolicyKind>('pay_at_hotel', 'percent', 'first_night', 'full'),
  percent: fc.integer({ min: 1, max: 100 }),
});

describe('what a guest pays now', () => {
  test('the first night is its price for the rooms booked, with its GST; the whole stay is everything; a percentage is rounded half up', () => {
    const charges: StayCharges = {
      taxablePaise: 1_200_000,
      cgstPaise: 30_000,
      sgstPaise: 30_000,
      firstNight: { taxablePaise: 800_000, cgstPaise: 20_000, sgstPaise: 20_000 },
    };
    expect(amountDueNow({ kind: 'first_night', percent: 30 }, charges)).toBe(840_000);
    expect(amountDueNow({ kind: 'full', percent: 30 }, charges)).toBe(1_260_000);
    expect(amountDueNow({ kind: 'percent', percent: 30 }, charges)).toBe(378_000);
    expect(amountDueNow({ kind: 'percent', percent: 33 }, { ...charges, taxablePaise: 1_200_001 })).toBe(415_800); // 415,800.33
    expect(amountDueNow({ kind: 'pay_at_hotel', percent: 30 }, charges)).toBe(0);
  });

  test('property: never more than the stay, never less than Razorpay’s ₹1, nothing when paid at the hotel', () => {
    fc.assert(
      fc.property(policy, stay, (p, s) => {
        const due = amountDueNow(p, s);
        if (p.kind === 'pay_at_hotel') return expect(due).toBe(0);
        expect(due).toBeLessThanOrEqual(stayTotalPaise(s));
        expect(due).toBeGreaterThanOrEqual(Math.min(100, stayTotalPaise(s)));
        if (p.kind === 'full') expect(due).toBe(stayTotalPaise(s));
        if (p.kind === 'first_night' && s.firstNight) expect(due).toBe(Math.max(100, stayTotalPaise(s.firstNight)));
      }),
    );
  });
});

describe('receipt and refund vouchers (CGST rules 50 and 51)', () => {
  test('an advance of the first night shows that night’s own tax; the balance on the invoice is the rest', () => {
    const s: StayCharges = { taxablePaise: 800_000, cgstPaise: 20_000, sgstPaise: 20_000, firstNight: null };
    expect(voucherTax(s, 0, 420_000)).toEqual({ amountPaise: 420_000, taxablePaise: 400_000, cgstPaise: 10_000, sgstPaise: 10_000 });
    expect(voucherTax(s, 420_000, 0)).toEqual({ amountPaise: 420_000, taxablePaise: 400_000, cgstPaise: 10_000, sgstPaise: 10_000 });
  });

  /** A booking's history: payments received and refunds given, in any order, never refunding more than is held. */
  const history = fc.array(fc.record({ pay: fc.boolean(), amount: fc.integer({ min: 100, max: 5_000_000 }) }), {
    minLength: 1,
    maxLength: 12,
  });

  test('property: every voucher adds up (taxable + CGST + SGST = amount), and all of a booking’s vouchers add up to the tax on what the hotel holds, to the paisa', () => {
    fc.assert(
      fc.property(stay, history, (s, steps) => {
        let held = 0;
        const signed = { amount: 0, taxable: 0, cgst: 0, sgst: 0 };
        for (const step of steps) {
          const amount = step.pay ? step.amount : Math.min(step.amount, held);
          if (amount <= 0) continue;
          const after = step.pay ? held + amount : held - amount;
          const v = voucherTax(s, held, after);
          expect(v.amountPaise).toBe(amount);
          expect(v.taxablePaise + v.cgstPaise + v.sgstPaise).toBe(v.amountPaise);
          for (const part of [v.taxablePaise, v.cgstPaise, v.sgstPaise]) expect(part).toBeGreaterThanOrEqual(0);
          const sign = step.pay ? 1 : -1;
          signed.amount += sign * v.amountPaise;
          signed.taxable += sign * v.taxablePaise;
          signed.cgst += sign * v.cgstPaise;
          signed.sgst += sign * v.sgstPaise;
          held = after;
        }
        const total = stayTotalPaise(s);
        expect(signed.amount).toBe(held);
        expect(signed.cgst).toBe(Math.floor((s.cgstPaise * held) / total));
        expect(signed.sgst).toBe(Math.floor((s.sgstPaise * held) / total));
        expect(signed.taxable).toBe(held - signed.cgst - signed.sgst);
      }),
    );
  });

  test('property: paid in full in any instalments, the vouchers show exactly the invoice’s taxable value, CGST and SGST, and nothing is left due', () => {
    fc.assert(
      fc.property(stay, fc.array(fc.integer({ min: 1, max: 99 }), { maxLength: 5 }), (s, cuts) => {
        const total = stayTotalPaise(s);
        // Instalments: the stay cut at these percentages, the last paying the rest.
        const marks = [...new Set(cuts.map((c) => Math.floor((total * c) / 100)).filter((m) => m > 0 && m < total))].sort((a, b) => a - b);
        let held = 0;
        const sums = { taxable: 0, cgst: 0, sgst: 0 };
        for (const mark of [...marks, total]) {
          const v = voucherTax(s, held, mark);
          sums.taxable += v.taxablePaise;
          sums.cgst += v.cgstPaise;
          sums.sgst += v.sgstPaise;
          held = mark;
        }
        expect(sums).toEqual({ taxable: s.taxablePaise, cgst: s.cgstPaise, sgst: s.sgstPaise });
        // The invoice: paid in advance (the vouchers) plus due is the total.
        expect(held + (total - held)).toBe(total);
        expect(total - held).toBe(0);
      }),
    );
  });

  test('voucher numbers: each series by financial year, 15 characters', () => {
    expect(voucherNumber('receipt', '2027-03-31', 42)).toBe('RCV-2627-000042');
    expect(voucherNumber('refund', '2027-04-01', 1)).toBe('RFV-2728-000001');
  });
});

describe('refunds by the cancellation policy', () => {
  test('within the free period everything comes back; after it the owner’s share, rounded down, and the hotel keeps the rest', () => {
    expect(cancelRefundPaise(420_000, true, 0)).toBe(420_000);
    expect(cancelRefundPaise(420_000, false, 0)).toBe(0);
    expect(cancelRefundPaise(420_001, false, 50)).toBe(210_000);
  });

  test('property: refund and charge kept add up to what was paid; the refund is spread over the payments, newest first, none refunded beyond itself', () => {
    const payments = fc.array(
      fc.record({ amountPaise: fc.integer({ min: 100, max: 5_000_000 }), refundedShare: fc.integer({ min: 0, max: 100 }) }),
      {
        minLength: 1,
        maxLength: 5,
      },
    );
    fc.assert(
      fc.property(payments, fc.boolean(), fc.integer({ min: 0, max: 100 }), (raw, free, percent) => {
        const list = raw.map((p) => ({ amountPaise: p.amountPaise, refundedPaise: Math.floor((p.amountPaise * p.refundedShare) / 100) }));
        const held = list.reduce((sum, p) => sum + p.amountPaise - p.refundedPaise, 0);
        const refund = cancelRefundPaise(held, free, percent);
        const kept = held - refund;
        expect(refund + kept).toBe(held);
        expect(refund).toBeGreaterThanOrEqual(0);
        expect(kept).toBeGreaterThanOrEqual(0);
        if (free) expect(kept).toBe(0);
        const parts = splitRefund(list, refund);
        expect(parts.reduce((sum, part) => sum + part.amountPaise, 0)).toBe(refund);
        for (const part of parts) {
          expect(part.amountPaise).toBeGreaterThan(0);
          expect(part.amountPaise).toBeLessThanOrEqual(part.payment.amountPaise - part.payment.refundedPaise);
        }
      }),
    );
  });
});
