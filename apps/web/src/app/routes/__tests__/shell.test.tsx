import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { urlOf } from '@bindery/contracts/route';
import { healthRoute } from '@bindery/contracts/store/health';
import { describe, expect, it } from 'vitest';
import { server } from '#testing/msw-server.ts';
import { renderRoute as renderAt } from '#testing/render-route.tsx';

describe('web shell', () => {
  it('shows the API and database status from /api/health', async () => {
    server.use(
      http.get(urlOf(healthRoute), () =>
        HttpResponse.json({
          status: 'ok',
          database: { reachable: true, mode: 'embedded' },
          version: '0.1.0',
          uptime_s: 1,
        }),
      ),
    );
    renderAt('/status');
    expect(await screen.findByTestId('service-status')).toHaveTextContent(
      'API online (v0.1.0); database reachable (embedded)',
    );
  });
  it('says so when the API cannot be reached', async () => {
    server.use(http.get(urlOf(healthRoute), () => HttpResponse.error()));
    renderAt('/status');
    expect(await screen.findByRole('alert')).toHaveTextContent('Service unavailable: Network Error');
  });
  it('shows a friendly 404 for unknown routes', async () => {
    renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  });
});
