import { describe, expect, it } from 'vitest';
import { shippingServiceName } from './shipping-service-name';

describe('shippingServiceName', () => {
  it('shows a branded service name once, as the API names its services', () => {
    expect(shippingServiceName({ courier_name: 'FedEx', service_name: 'FedEx Ground' })).toBe('FedEx Ground');
    expect(shippingServiceName({ courier_name: 'DHL', service_name: 'DHL Express Worldwide' })).toBe('DHL Express Worldwide');
    expect(shippingServiceName({ courier_name: 'fedex', service_name: 'FedEx 2Day' })).toBe('FedEx 2Day');
  });

  it('puts the courier in front of a service name without it', () => {
    expect(shippingServiceName({ courier_name: 'DHL', service_name: 'Express Worldwide' })).toBe('DHL Express Worldwide');
    expect(shippingServiceName({ courier_name: '', service_name: 'Ground' })).toBe('Ground');
  });
});
