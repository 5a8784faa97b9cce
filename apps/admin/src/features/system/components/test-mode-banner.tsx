/**
 * "Test mode — no real money is taken" on every admin page while the server's payments go to Bindery's own test
 * servers (GET /api/config → payments.test_mode; docs/decisions/0028), so staff never take a test order for a
 * paid one. Nothing is shown while the config loads, when it fails, or in live mode.
 */
import { Alert } from '@bindery/ui/alert';
import { messages } from '@bindery/contracts/messages';
import { usePublicConfig } from '../api/get-config';

export function TestModeBanner() {
  const config = usePublicConfig();
  if (!config.data?.payments?.test_mode) return null;
  return (
    <div className="b-container" data-testid="test-mode-banner">
      <Alert tone="warning">{messages.payments.testModeBanner}</Alert>
    </div>
  );
}
