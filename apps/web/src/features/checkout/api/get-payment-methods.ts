/**
 * Which payment methods this server has keys for: GET /api/config → payments { card, paypal }
 * (@bindery/contracts/store/payments PaymentMethodsConfig), through the config route. A server that does not say
 * (an older one) is taken to offer both, and the pay call itself then explains a missing method.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentMethodsConfig } from '@bindery/contracts/store/payments';
import { api } from '#lib/api-client.ts';

export const getPaymentMethodsQueryOptions = () =>
  queryOptions({
    queryKey: ['public-config', 'payments'],
    queryFn: async ({ signal }): Promise<PaymentMethodsConfig> => {
      const config = await api.config(signal);
      return config.payments ?? { card: true, paypal: true };
    },
    staleTime: Infinity,
  });

export const usePaymentMethods = () => useQuery(getPaymentMethodsQueryOptions());
