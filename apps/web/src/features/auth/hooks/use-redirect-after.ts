/** After a successful reset or verification the page shows its message, then goes to /login after 2 seconds. */
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';

export const REDIRECT_DELAY_MS = 2000;

export function useRedirectAfter(when: boolean, to: string, delayMs = REDIRECT_DELAY_MS) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!when) return;
    const timer = setTimeout(() => void navigate(to, { replace: true }), delayMs);
    return () => clearTimeout(timer);
  }, [when, to, delayMs, navigate]);
}
