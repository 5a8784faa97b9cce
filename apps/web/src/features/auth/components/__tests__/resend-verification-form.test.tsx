import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { urlOf } from '@bindery/contracts/route';
import { userRoutes } from '@bindery/contracts/store/users';
import { describe, expect, it } from 'vitest';
import { messages } from '@bindery/contracts/messages';
import { server } from '#testing/msw-server.ts';
import { renderRoute } from '#testing/render-route.tsx';

describe('resend the verification mail (/resend-verification)', () => {
  it('sends the address and says the one answer that does not tell whether an account exists', async () => {
    let body: unknown;
    server.use(
      http.post(urlOf(userRoutes.resendVerification), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ message: messages.auth.verificationResent });
      }),
    );
    renderRoute('/resend-verification');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'ann@example.test');
    await user.click(screen.getByRole('button', { name: messages.auth.resendVerification }));
    expect(await screen.findByRole('status')).toHaveTextContent(messages.auth.verificationResent);
    expect(body).toEqual({ email: 'ann@example.test' });
  });

  it("shows the server's text when rate-limited, and a fallback when it gave none", async () => {
    const limited = messages.auth.tooManyAttempts('60 minutes');
    server.use(
      http.post(urlOf(userRoutes.resendVerification), () =>
        HttpResponse.json({ error: limited, code: 'TOO_MANY_REQUESTS', statusCode: 429 }, { status: 429 }),
      ),
    );
    renderRoute('/resend-verification');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'ann@example.test');
    await user.click(screen.getByRole('button', { name: messages.auth.resendVerification }));
    expect(await screen.findByRole('alert')).toHaveTextContent(limited);

    server.use(http.post(urlOf(userRoutes.resendVerification), () => new HttpResponse(null, { status: 502 })));
    await user.click(screen.getByRole('button', { name: messages.auth.resendVerification }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(messages.auth.verificationResendFailed),
    );
  });
});
