/**
 * Which payment methods this server has keys for: GET /api/config → payments { card, paypal }
 * (@bindery/contracts/store/payments PaymentMethodsConfig). Read with its own schema so this page works whether
 * or not the shared config schema lists `payments`; a server that does not say (an older one) is taken to offer
 * both, and the pay call itself then explains a missing method.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { PaymentMethodsConfig } from '@bindery/contracts/store/payments';
import { api } from '#lib/api-client.ts';

const ConfigPayments = z.object({ payments: PaymentMethodsConfig.optional() });

export const getPaymentMethodsQueryOptions = () =>
  queryOptions({
    queryKey: ['public-config', 'payments'],
    queryFn: async ({ signal }): Promise<PaymentMethodsConfig> => {
      const config = await api.get('/api/config', { schema: ConfigPayments, signal });
      return config.payments ?? { card: true, paypal: true };
    },
    staleTime: Infinity,
  });

export const usePaymentMethods = () => useQuery(getPaymentMethodsQueryOptions());
