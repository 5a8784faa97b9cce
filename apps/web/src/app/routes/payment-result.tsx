/**
 * The payment result pages (customer-journey.md §2): /success (also /payment/success) thanks the buyer;
 * /cancel (also /payment/cancel) says the payment was cancelled. They only inform: whether an order is paid is
 * decided on the server from the payment provider's signed events, never by reaching this page.
 */
import { Link, useLocation } from 'react-router-dom';
import { Card } from '@bindery/ui/card';
import { useDocumentTitle } from '../../lib/use-document-title';

export default function PaymentResultRoute() {
  const cancelled = useLocation().pathname.toLowerCase().endsWith('/cancel');
  const title = cancelled ? 'Payment Cancelled' : 'Payment Successful!';
  useDocumentTitle(title);
  return (
    <div className="b-container">
      <Card className="b-stack" style={{ maxWidth: 640, margin: '0 auto', textAlign: 'center' }}>
        <h1>{title}</h1>
        {cancelled ? (
          <>
            <p>You cancelled the payment, so nothing was charged. To get your books printed, please place the order again.</p>
            <p>
              <Link className="b-btn b-btn--primary" to="/design-project">
                Try Again
              </Link>
            </p>
          </>
        ) : (
          <>
            <p>Thank you for your order! We have received your payment and will e-mail you as your books go to print and ship.</p>
            <p>
              <Link className="b-btn b-btn--primary" to="/">
                Back to Home
              </Link>
            </p>
          </>
        )}
      </Card>
    </div>
  );
}
