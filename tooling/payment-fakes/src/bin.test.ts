/** The start-up script the e2e uses: one JSON line with working URLs, then a clean exit on SIGTERM. */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

it('prints the fakes and the API environment as one JSON line and stops on SIGTERM', async () => {
  const child = spawn(
    process.execPath,
    [
      // As `pnpm serve` runs it: workspace packages from their sources (no build needed).
      '--conditions=@bindery/source',
      '--import',
      'tsx',
      fileURLToPath(new URL('./bin.ts', import.meta.url)),
      '--webhook-url',
      'http://127.0.0.1:9/api/stripe/webhook/',
    ],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  try {
    const line = await new Promise<string>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`exited with ${code}`)));
      createInterface({ input: child.stdout }).once('line', resolve);
    });
    const out = JSON.parse(line) as {
      env: Record<string, string>;
      stripe: { url: string };
      paypal: { url: string };
    };
    expect(out.env.STRIPE_API_BASE).toBe(out.stripe.url);
    expect(out.env.PAYPAL_API_BASE).toBe(out.paypal.url);
    const token = await fetch(`${out.paypal.url}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${out.env.PAYPAL_CLIENT_ID}:${out.env.PAYPAL_CLIENT_SECRET}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    expect(token.status).toBe(200);
    const stripe = await fetch(`${out.stripe.url}/v1/checkout/sessions/cs_test_x`, {
      headers: { authorization: `Bearer ${out.env.STRIPE_SECRET_KEY}` },
    });
    expect(stripe.status).toBe(404);
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }
});
