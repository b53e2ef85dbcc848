import type { JobKinds } from '../../jobs/job-queue';

export const INVOICE_EXPIRE_JOB = 'invoice.expire';

declare module '../../jobs/job-queue' {
  interface JobPayloads {
    /** At an invoice's end: unpaid → expired (a paid one stays paid). */
    'invoice.expire': { invoiceId: number };
  }
}

/** Registers the job that expires unpaid invoices on time (enqueued when one is created). */
export function registerInvoiceExpiry(
  jobs: JobKinds,
  payments: { expire(invoiceId: number): Promise<unknown> },
): void {
  jobs.register(INVOICE_EXPIRE_JOB, {
    run: async ({ invoiceId }) => {
      await payments.expire(invoiceId);
    },
  });
}
