import type { PaymentProvider as ProviderName } from '@chat/shared';
import type { Kysely } from 'kysely';
import type { Config } from '../../../config';
import type { DB } from '../../../db/schema';
import { InvoicesRepository } from './invoices.repository';
import { PaymentsService, type PaymentsPorts } from './payments.service';
import type { PaymentProvider } from './provider';
import { TestPaymentsRepository } from './test-payments.repository';
import { TestProvider } from './test-provider';
import { YookassaProvider } from './yookassa';

export interface Payments {
  service: PaymentsService;
  /** The local test provider, whose pay page this server serves; null when turned off. */
  testProvider: TestProvider | null;
}

/** The providers the configuration enables and the service over them. */
export function createPayments(
  db: Kysely<DB>,
  config: Config,
  ports: Omit<PaymentsPorts, 'publicUrl'>,
): Payments {
  const providers = new Map<ProviderName, PaymentProvider>();
  const testProvider = config.payments.testEnabled
    ? new TestProvider(new TestPaymentsRepository(db), config.secrets.paymentsTestSecret)
    : null;
  if (testProvider) providers.set('test', testProvider);
  if (config.payments.yookassa)
    providers.set('yookassa', new YookassaProvider(config.payments.yookassa));
  const service = new PaymentsService(new InvoicesRepository(db), providers, {
    ...ports,
    publicUrl: config.publicUrl,
  });
  return { service, testProvider };
}
