import type { PaymentsService } from './payments';

/**
 * The reconciler: a timer in each server process that asks Razorpay about every hold and refund
 * still open, handles the webhooks not handled yet, refunds the cancels and ends the holds that ran
 * out (PaymentsService.reconcile). So a lost webhook, a guest who closed the tab before coming
 * back, and a server killed half way through all end right, within a pass or two.
 *
 * Safe with several instances: each row is claimed with FOR UPDATE SKIP LOCKED and leased for a
 * minute (its next look moved ahead) before Razorpay is asked about it, as the outbox sender
 * claims a message (server/mail/sender.ts), and everything done with an answer is idempotent.
 */
export interface Reconciler {
  /** Stops the timer and waits for the pass in flight. */
  stop(): Promise<void>;
}

export function startReconciler(
  payments: PaymentsService,
  everyMs: number,
  log: (level: 'warn', message: string, detail: Record<string, unknown>) => void,
): Reconciler {
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      running = payments
        .reconcile()
        .then(() => undefined)
        .catch((error: Error) =>
          log('warn', 'payments not reconciled (database or Razorpay away): next pass tries again', { error: error.message }),
        )
        .finally(schedule);
    }, everyMs);
    timer.unref();
  }
  schedule();

  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
      await payments.settled();
    },
  };
}
